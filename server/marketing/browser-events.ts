import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BrowserEventBody } from '../../src/contract/events'
import { landingOf } from '../plugins/landing'
import { type Limit, perAddress, reserveOrRefuse } from '../plugins/rate-limit'
import { browserOf } from './browser'
import type { ServerEvent } from './meta'
import { metaClick, metaPhone } from './purchase'

export const META_EVENT = 'meta-event'

/**
 * Meta counts a browser event and its server copy once when both carry the same event ID and reach it within
 * 48 hours; a repeated post of the same ID within that window queues nothing (the job's key), and the done jobs
 * of this kind are kept that long (server/jobs/clean-up.ts), not a month as others are.
 */
export const BROWSER_EVENT_DEDUP_MS = 48 * 60 * 60_000

/** Events one client address may post: a shopper browsing fires a few a page; a flood stops here. */
export const browserEventLimits = { address: { max: 60, windowMs: 60_000 } } as const

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** What the job keeps of a browser event: the server event itself, the number already hashed. */
export type BrowserEventJob = { event: ServerEvent }

/** The Conversions API's copy of a browser event, with what the request says of its browser and shopper. */
export function serverEventOf(request: FastifyRequest, body: BrowserEventBody, at: Date): ServerEvent {
  const browser = browserOf(request) ?? {}
  const fbc = metaClick(browser, landingOf(request))
  const phone = request.user?.phone
  const product = body.contentIds !== undefined
  return {
    event_name: body.event,
    event_time: Math.floor(at.getTime() / 1000),
    event_id: body.eventId,
    action_source: 'website',
    event_source_url: body.url,
    user_data: {
      ...(phone ? { ph: [sha256(metaPhone(phone))] } : {}),
      country: [sha256('bd')],
      client_ip_address: request.ip,
      client_user_agent: browser.userAgent ?? '',
      ...(browser.fbp ? { fbp: browser.fbp } : {}),
      ...(fbc ? { fbc } : {}),
    },
    ...(product || body.value !== undefined
      ? {
          custom_data: {
            ...(product ? { content_ids: body.contentIds, content_type: 'product' as const } : {}),
            ...(body.value !== undefined ? { value: body.value, currency: body.currency ?? 'BDT' } : {}),
            ...(body.numItems !== undefined ? { num_items: body.numItems } : {}),
          },
        }
      : {}),
  }
}

/**
 * Takes one browser event: counted against its client address first (the count is atomic, so parallel posts
 * cannot all pass), then queued once under its event ID (a repeat of the ID queues nothing).
 */
export async function queueBrowserEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  body: BrowserEventBody,
): Promise<void> {
  const limits: Limit[] = [perAddress(app, `events:ip:${request.ip}`, browserEventLimits.address)]
  await reserveOrRefuse(app, limits, 'event', 'Too many events.')
  const payload: BrowserEventJob = { event: serverEventOf(request, body, app.clock.now()) }
  await app.jobs.enqueue(META_EVENT, payload, { key: `${META_EVENT}:${body.eventId}` })
}
