import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  auditAnswer,
  auditQuery,
  staffAnswer,
  staffIdParams,
  staffInviteAnswer,
  staffInviteBody,
  staffListAnswer,
  staffPatchBody,
} from '../../../src/contract/staff'
import { linkOrigin } from '../../config'
import { cleanName } from '../../domain/name'
import { hashSessionToken, newSessionToken } from '../../domain/session'
import { inviteText, SETUP_TTL_MS } from '../../domain/staff'
import { conflict, notFound, unauthorized } from '../../plugins/errors'

const NO_PUBLIC_URL =
  "Set the shop's public address (PUBLIC_URL) first: the link in an invitation must point to the shop."

/** The staff page and the audit log: owners only. */
export default async function staffRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const owners = { capability: 'staff.manage' } as const

  const owner = (request: FastifyRequest) => {
    if (!request.staff) throw unauthorized()
    return { staffId: request.staff.id, ip: request.ip }
  }
  /** where an invitation's link points: never the request's Host, which whoever sends it chooses */
  const shopAddress = () => {
    const origin = linkOrigin(app.config)
    if (!origin) throw conflict({ publicUrl: [NO_PUBLIC_URL] })
    return origin
  }

  app.get(
    '/admin/staff',
    { config: owners, schema: { tags: ['admin'], response: { 200: staffListAnswer } } },
    async (request, reply) => {
      owner(request)
      reply.header('cache-control', 'no-store')
      return { data: await app.staff.list() }
    },
  )

  /** Invites a person by number (a customer of that number is promoted): a one-time setup link, also by SMS. */
  app.post(
    '/admin/staff',
    {
      config: owners,
      schema: { tags: ['admin'], body: staffInviteBody, response: { 201: staffInviteAnswer } },
    },
    async (request, reply) => {
      const actor = owner(request)
      const origin = shopAddress()
      const { phone, role } = request.body
      const token = newSessionToken()
      const staff = await app.staff.invite(
        {
          phone,
          firstName: cleanName(request.body.firstName),
          lastName: cleanName(request.body.lastName),
          role,
          setupTokenHash: hashSessionToken(token),
          setupExpiresAt: new Date(app.clock.now().getTime() + SETUP_TTL_MS),
        },
        actor,
      )
      const setupUrl = `${origin}/admin/setup?token=${token}`
      try {
        await app.sms.send(phone, inviteText(role, setupUrl, await app.settings.shopName('en')))
      } catch (error) {
        // the owner has the link in the answer and can hand it over another way
        request.log.error({ err: error }, 'invitation sms not sent')
      }
      reply.header('cache-control', 'no-store')
      return reply.code(201).send({ data: { staff, setupUrl } })
    },
  )

  app.patch(
    '/admin/staff/:id',
    {
      config: owners,
      schema: {
        tags: ['admin'],
        params: staffIdParams,
        body: staffPatchBody,
        response: { 200: staffAnswer },
      },
    },
    async (request) => {
      const staff = await app.staff.change(request.params.id, request.body, owner(request))
      return { data: staff }
    },
  )

  /** Signs a person out everywhere. */
  app.delete(
    '/admin/staff/:id/sessions',
    { config: owners, schema: { tags: ['admin'], params: staffIdParams } },
    async (request, reply) => {
      await app.staff.endSessions(request.params.id, owner(request))
      return reply.code(204).send()
    },
  )

  /** Resets a person's authenticator app (lost, or a new phone): SMS codes again, their sessions ended. */
  app.delete(
    '/admin/staff/:id/totp',
    {
      config: owners,
      schema: { tags: ['admin'], params: staffIdParams, response: { 200: staffAnswer } },
    },
    async (request) => {
      const actor = owner(request)
      await app.staffCredentials.resetTotp(request.params.id, actor)
      const staff = await app.staff.member(request.params.id)
      if (!staff) throw notFound('id', 'Staff member not found')
      return { data: staff }
    },
  )

  app.get(
    '/admin/audit',
    {
      config: { capability: 'audit.read' },
      schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditAnswer } },
    },
    async (request, reply) => {
      owner(request)
      const { page, perPage } = request.query
      const { entries, hasNext } = await app.audit.list(request.query)
      reply.header('cache-control', 'no-store')
      return { data: entries, page, perPage, hasNext }
    },
  )
}
