import type { FastifyInstance } from 'fastify'
import type { Tx } from '../db/client'
import type { JobHandler } from './queue'

export const SMS = 'sms'

export type QueuedText = {
  /** a normalised 01XXXXXXXXX number */
  phone: string
  text: string
  /** what makes the text one of a kind: queued again under the same key, it is still sent once */
  key: string
  /** queued with this transaction's writes: no text for a change that did not happen */
  tx?: Tx
}

/**
 * A text message sent by the job queue: once, after the request that asked for it, tried again while
 * the provider fails. One-time sign-in codes do not come here: the person is waiting for them and asks
 * again themselves.
 */
export function queueText(app: FastifyInstance, { phone, text, key, tx }: QueuedText): Promise<void> {
  return app.jobs.enqueue(SMS, { phone, text }, tx ? { key, tx } : { key })
}

/** Sends a queued text; the provider's failure (SmsDeliveryError or any other) leaves it to be tried again. */
export function smsJob(app: FastifyInstance): JobHandler {
  return async (payload) => {
    const { phone, text } = payload
    if (typeof phone !== 'string' || typeof text !== 'string')
      throw new Error('A text needs a phone and a text')
    await app.sms.send(phone, text)
  }
}
