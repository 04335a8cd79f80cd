import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { smsOutboxQuery } from '../../../src/contract/auth'
import {
  cartLeftAnswer,
  cartLeftBody,
  remindersStoppedAnswer,
  reminderTokenParam,
  restoredCartAnswer,
} from '../../../src/contract/carts-left'
import { apiError } from '../../../src/contract/common'
import { requestLanguage } from '../../../src/contract/language'
import { reminderPage } from '../../domain/carts-left'
import { combineLines } from '../../domain/checkout'
import { translateMessage } from '../../messages/translate'
import { notFound } from '../../plugins/errors'
import { perAddress, reserveOrRefuse } from '../../plugins/rate-limit'

/** Carts sent by the checkout's contact step, per client address: one shopper types and leaves the field often. */
export const cartLeftLimit = { max: 60, windowMs: 60 * 60_000 } as const

export const LINK_NOT_FOUND = 'This link has expired or is not one of ours'
export const REMINDERS_STOPPED = 'You will not be reminded of carts left behind again.'

/** Carts left behind (docs/carts-left-behind.md): the checkout's number and cart, the reminder's two links. */
export default async function cartsLeftRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/carts-left',
    {
      schema: {
        tags: ['cart'],
        body: cartLeftBody,
        response: { 200: cartLeftAnswer, 400: apiError, 429: apiError },
      },
    },
    async (request) => {
      await reserveOrRefuse(
        app,
        [perAddress(app, `cart-left:ip:${request.ip}`, cartLeftLimit)],
        'phone',
        'Too many carts sent.',
      )
      const { phone, lines, language } = request.body
      await app.cartsLeft.note({
        phone,
        lines: combineLines(lines),
        language,
        userId: request.user?.id ?? null,
      })
      return { data: { kept: true } }
    },
  )

  app.get(
    '/carts-left/restore/:token',
    {
      schema: {
        tags: ['cart'],
        params: reminderTokenParam,
        response: { 200: restoredCartAnswer, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const restored = await app.cartsLeft.restore(request.params.token)
      if (!restored) throw notFound('token', LINK_NOT_FOUND)
      return { data: restored }
    },
  )

  app.post(
    '/carts-left/stop/:token',
    {
      schema: {
        tags: ['cart'],
        params: reminderTokenParam,
        response: { 200: remindersStoppedAnswer, 400: apiError, 404: apiError },
      },
    },
    async (request) => {
      if (!(await app.cartsLeft.stop(request.params.token))) throw notFound('token', LINK_NOT_FOUND)
      const language = requestLanguage(request.headers['accept-language'])
      return { data: { message: translateMessage(REMINDERS_STOPPED, language) } }
    },
  )

  // only with the console texts' outbox (tests, `npm run dev`): a number's reminder sent at once
  if (app.config.DEV_OUTBOX && app.config.SMS_PROVIDER === 'console') {
    app.post(
      '/dev/carts-left/remind',
      { schema: { hide: true, querystring: smsOutboxQuery } },
      async (request, reply) => {
        const outcome = await app.cartsLeft.remindNow(request.query.phone)
        await app.jobs.runDue()
        return reply.code(200).send({ data: { outcome } })
      },
    )
  }
}

export const STOP_TITLE = 'Reminders of carts left behind'
export const STOP_ASK = 'Stop reminders of carts you leave behind at this shop?'
export const STOP_BUTTON = 'Stop reminders'

/**
 * The reminder's two links, as the shopper's phone opens them (outside /api; the service worker leaves them to
 * the server): the restore link sends the browser on to its cart, which takes the lines; the stop link is a page
 * of its own in both languages, whose button stops the reminders.
 */
export async function reminderLinkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const both = (english: string) => ({ en: english, bn: translateMessage(english, 'bn') })
  const shop = async () => ({ en: await app.settings.shopName('en'), bn: await app.settings.shopName('bn') })

  app.get(
    '/cart/restore/:token',
    { schema: { hide: true, params: reminderTokenParam } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return reply.redirect(`/cart?restore=${encodeURIComponent(request.params.token)}`, 302)
    },
  )

  app.get(
    '/reminders/stop/:token',
    { schema: { hide: true, params: reminderTokenParam } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      return reminderPage({
        shop: await shop(),
        title: both(STOP_TITLE),
        message: both(STOP_ASK),
        confirm: { action: `/reminders/stop/${request.params.token}`, label: both(STOP_BUTTON) },
      })
    },
  )

  app.post(
    '/reminders/stop/:token',
    { schema: { hide: true, params: reminderTokenParam } },
    async (request, reply) => {
      const stopped = await app.cartsLeft.stop(request.params.token)
      reply
        .code(stopped ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
      return reminderPage({
        shop: await shop(),
        title: both(STOP_TITLE),
        message: both(stopped ? REMINDERS_STOPPED : LINK_NOT_FOUND),
      })
    },
  )
}
