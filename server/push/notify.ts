import type { FastifyInstance } from 'fastify'
import type { Language } from '../../src/contract/language'
import type { PushMessage } from '../../src/contract/push'
import type { Tx } from '../db/client'
import { queueText } from '../jobs/texts'
import type { PushSubscriptionRow } from '../repositories/push-subscriptions'

export const PUSH = 'push'

/** A text in both of the shop's languages: each browser reads the one it subscribed in. */
export type BothLanguages = Record<Language, string>

/** What a push says: its title and body in both languages, an image, and the page a click opens. */
export type Notice = { title: BothLanguages; body: BothLanguages; image?: string; url: string }

/** the icon every push shows: the app's own */
export const PUSH_ICON = '/icons/icon-192.png'

/** The push as one subscription's browser shows it, in the language it subscribed in. */
export function messageFor(notice: Notice, language: Language): PushMessage {
  return {
    title: notice.title[language],
    body: notice.body[language],
    icon: PUSH_ICON,
    ...(notice.image ? { image: notice.image } : {}),
    url: notice.url,
  }
}

/**
 * Tells browsers of something: one job per subscription (`push:<key>:<subscription>`), so that a push service
 * that fails for one browser is tried again for that browser alone, and a notice queued again under the same
 * key is still sent once. Queued in the caller's transaction when it gives one: no push for a change that did
 * not happen. Answers how many pushes were queued.
 */
export async function notify(
  app: FastifyInstance,
  to: PushSubscriptionRow[],
  notice: Notice,
  { key, tx }: { key: string; tx?: Tx },
): Promise<number> {
  for (const subscription of to) {
    const jobKey = `${PUSH}:${key}:${subscription.id}`
    const payload = { subscriptionId: subscription.id, notice }
    await app.jobs.enqueue(PUSH, payload, tx ? { key: jobKey, tx } : { key: jobKey })
  }
  return to.length
}

/**
 * Tells a shopper once, by the channel that reaches them: a push to `browsers` (their signed-in browsers that
 * allowed notifications) when there are any, else a queued text to `phone`. Both are queued under keys made
 * from `key` (`push:…`, `text:…`), so a retry sends neither twice. Answers the channel taken.
 */
export async function pushElseText(
  app: FastifyInstance,
  browsers: PushSubscriptionRow[],
  message: { phone: string; notice: Notice; text: string; key: string; tx?: Tx },
): Promise<'push' | 'sms'> {
  const { phone, notice, text, key, tx } = message
  if (browsers.length > 0) {
    await notify(app, browsers, notice, { key, tx })
    return 'push'
  }
  // a key of its own: the job that tells may itself be queued under `key`
  await queueText(app, { phone, text, key: `text:${key}`, tx })
  return 'sms'
}

/** The job's payload, as notify queued it. */
export function queuedPush(payload: Record<string, unknown>): { subscriptionId: number; notice: Notice } {
  const { subscriptionId, notice } = payload as { subscriptionId?: unknown; notice?: Notice }
  if (typeof subscriptionId !== 'number' || !notice || typeof notice.url !== 'string') {
    throw new Error('A push needs a subscription and a notice')
  }
  return { subscriptionId, notice }
}
