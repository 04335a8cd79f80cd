import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SMS, smsJob } from '../jobs/texts'
import { consoleProvider } from './console-provider'
import { httpProvider } from './http-provider'
import type { SmsProvider } from './provider'

export type { SmsProvider } from './provider'
export { SmsDeliveryError } from './provider'

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.sms.send(phone, text)`: one text message to a normalised 01XXXXXXXXX number */
    sms: SmsProvider
  }
}

export default fp(
  async function sms(app: FastifyInstance) {
    const { SMS_PROVIDER, SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN, DEV_OUTBOX, LOG_LEVEL } = app.config
    // the queued texts (order news) go out through the provider decorated below
    if (app.hasDecorator('jobs')) app.jobs.handle(SMS, smsJob(app))
    if (SMS_PROVIDER === 'http') {
      if (!SMS_GATEWAY_URL) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL')
      app.decorate('sms', httpProvider({ url: SMS_GATEWAY_URL, token: SMS_GATEWAY_TOKEN }))
      return
    }
    const now = () => (app.hasDecorator('clock') ? app.clock.now() : new Date())
    // a silent app (the tests) prints nothing; the outbox still keeps what was sent
    const print = LOG_LEVEL === 'silent' ? () => undefined : undefined
    app.decorate('sms', consoleProvider({ db: app.db, now, keepInOutbox: DEV_OUTBOX, print }))
  },
  { name: 'sms' },
)
