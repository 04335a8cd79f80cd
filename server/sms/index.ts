import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { httpProvider } from './http-provider'
import { outboxProvider } from './outbox-provider'
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
    const { SMS_PROVIDER, SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN, NODE_ENV } = app.config
    if (SMS_PROVIDER === 'http') {
      if (!SMS_GATEWAY_URL) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL')
      app.decorate('sms', httpProvider({ url: SMS_GATEWAY_URL, token: SMS_GATEWAY_TOKEN }))
      return
    }
    const now = () => (app.hasDecorator('clock') ? app.clock.now() : new Date())
    const revealText = NODE_ENV !== 'production'
    app.decorate('sms', outboxProvider({ db: app.db, log: app.log, now, revealText }))
  },
  { name: 'sms' },
)
