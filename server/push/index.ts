import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { loadVapidKeys, type VapidKeys, vapidSubject } from './keys'
import { messageFor, PUSH, queuedPush } from './notify'
import { type PushSender, webPushSender } from './sender'

export type { Notice } from './notify'
export { notify } from './notify'

declare module 'fastify' {
  interface FastifyInstance {
    /** web push: the public VAPID key the app subscribes with */
    push: { publicKey(): Promise<string> }
  }
}

export type PushOptions = { sender?: PushSender }

/**
 * Web push (docs/push.md, docs/decisions/0039): the shop's VAPID keys, made on the first start and kept
 * sealed, and the job that sends one push to one subscription. A push service's 404 or 410 ends the
 * subscription; its 429 or 5xx (or no answer) leaves the job to be tried again; any other refusal is logged
 * and not tried again (the same push would be refused the same way).
 */
export default fp<PushOptions>(
  async function push(app: FastifyInstance, options: PushOptions) {
    // made or read once, on the first start's ready, in the background: a start never waits on the database
    let kept: Promise<VapidKeys> | undefined
    const keys = () => {
      kept ??= loadVapidKeys(app).catch((error: unknown) => {
        kept = undefined
        throw error
      })
      return kept
    }
    app.addHook('onReady', async () => {
      keys().catch((error: unknown) =>
        app.log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'push keys not ready yet',
        ),
      )
    })
    app.decorate('push', { publicKey: async () => (await keys()).publicKey })
    let sending: PushSender | undefined = options.sender
    const sender = async () => {
      sending ??= webPushSender(await keys(), vapidSubject(app.config), app.config.PUSH_TIMEOUT_MS)
      return sending
    }

    app.jobs.handle(PUSH, async (payload) => {
      const { subscriptionId, notice } = queuedPush(payload)
      const subscription = await app.pushSubscriptions.byId(subscriptionId)
      // unsubscribed, or found gone by another push since this one was queued
      if (!subscription) return
      const message = messageFor(notice, subscription.language)
      const outcome = await (await sender()).send(subscription, JSON.stringify(message))
      if (outcome.kind === 'gone') {
        await app.pushSubscriptions.removeById(subscription.id)
        app.log.info({ subscription: subscription.id, status: outcome.status }, 'push subscription gone')
      } else if (outcome.kind === 'refused') {
        app.log.warn(
          { subscription: subscription.id, status: outcome.status },
          'push refused: not tried again',
        )
      }
    })
  },
  { name: 'push', dependencies: ['jobs', 'push-subscriptions-repository'] },
)
