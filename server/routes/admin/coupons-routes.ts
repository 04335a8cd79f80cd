import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminCouponAnswer,
  adminCouponsAnswer,
  adminCouponsQuery,
  COUPON_LIST_DEPTH,
  couponCodeParams,
  couponCreateBody,
  couponUpdateBody,
  couponUsesAnswer,
  couponUsesQuery,
} from '../../../src/contract/admin-coupons'
import { apiError } from '../../../src/contract/common'
import { badRequest } from '../../plugins/errors'
import { csvText, sendCsv } from './csv-reply'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError }

/** Coupons as the shop runs them: list, create, edit, disable or delete, and who used each. Owners and managers. */
export default async function couponsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const coupons = app.adminCoupons
  const access = { capability: 'coupons.write' } as const
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  app.get(
    '/admin/coupons',
    {
      config: access,
      schema: {
        tags: ['admin'],
        querystring: adminCouponsQuery,
        response: { 200: adminCouponsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { page, perPage } = request.query
      if ((page - 1) * perPage >= COUPON_LIST_DEPTH) {
        throw badRequest('page', `Search to see more than ${COUPON_LIST_DEPTH} coupons`)
      }
      const { rows, total, hasNext } = await coupons.list(request.query)
      reply.header('cache-control', 'no-store')
      return { data: rows, meta: { page, perPage, total, hasNext } }
    },
  )

  app.post(
    '/admin/coupons',
    {
      config: access,
      schema: {
        tags: ['admin'],
        body: couponCreateBody,
        response: { 201: adminCouponAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await coupons.create(request.body, actor(request)) }),
  )

  app.get(
    '/admin/coupons/:code',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: couponCodeParams,
        response: { 200: adminCouponAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await coupons.detail(request.params.code) }
    },
  )

  app.put(
    '/admin/coupons/:code',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: couponCodeParams,
        body: couponUpdateBody,
        response: { 200: adminCouponAnswer, ...refusals },
      },
    },
    async (request) => ({
      data: await coupons.update(request.params.code, request.body, actor(request)),
    }),
  )

  app.delete(
    '/admin/coupons/:code',
    { config: access, schema: { tags: ['admin'], params: couponCodeParams } },
    async (request, reply) => {
      await coupons.remove(request.params.code, actor(request))
      return reply.code(204).send()
    },
  )

  app.get(
    '/admin/coupons/:code/uses',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: couponCodeParams,
        querystring: couponUsesQuery,
        response: { 200: couponUsesAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { page, perPage } = request.query
      const { coupon, uses, totalDiscount, total, hasNext } = await coupons.uses(request.params.code, {
        page,
        perPage,
      })
      reply.header('cache-control', 'no-store')
      return { data: { coupon, uses, totalDiscount }, meta: { page, perPage, total, hasNext } }
    },
  )

  app.get(
    '/admin/coupons/:code/uses.csv',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: couponCodeParams,
        response: { 200: csvText, ...refusals },
      },
    },
    async (request, reply) => {
      const { code } = request.params
      return sendCsv(reply, `coupon-${code.toLowerCase()}-uses.csv`, await coupons.exportUses(code))
    },
  )
}
