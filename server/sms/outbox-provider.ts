import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { smsOutbox } from '../db/schema'
import type { SmsProvider } from './provider'

/** Stores each message in sms_outbox and logs it; the text itself is logged only outside production. */
export function outboxProvider(options: {
  db: Db
  log: FastifyBaseLogger
  now: () => Date
  revealText: boolean
}): SmsProvider {
  return {
    name: 'outbox',
    async send(phone, text) {
      await options.db.insert(smsOutbox).values({ phone, body: text, createdAt: options.now() })
      if (options.revealText) options.log.info({ phone, sms: text }, 'sms to outbox')
      else options.log.info({ phone }, 'sms to outbox')
    },
  }
}
