import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { linkOrigin, localOrigin } from '../config'
import { type BrowserEventJob, META_EVENT } from './browser-events'
import { measurementProtocol } from './ga4'
import { conversionsApi } from './meta'
import {
  GA4_PURCHASE,
  ga4Purchase,
  META_MAX_AGE_MS,
  META_PURCHASE,
  metaPurchase,
  purchaseOf,
  tooOldForMeta,
} from './purchase'

/**
 * The ad platforms' server side: each order's Purchase, queued with the order (purchase.ts), is sent by the job
 * queue to Meta's Conversions API and to GA4's Measurement Protocol, tried again while they fail, once per
 * order. The browser events the tags' code posts (browser-events.ts) are sent to the Conversions API the same
 * way, once each under the browser's event ID. A tag switched off (or its key removed) since sends nothing.
 */
export default fp(
  async function marketing(app: FastifyInstance) {
    const meta = conversionsApi({
      baseUrl: app.config.META_GRAPH_URL,
      version: app.config.META_GRAPH_VERSION,
    })
    const ga4 = measurementProtocol(app.config.GA4_COLLECT_URL)

    app.jobs.handle(META_PURCHASE, async (payload) => {
      const tags = await app.settings.marketing()
      if (!tags.metaPixelId || !tags.metaAccessToken) return
      const purchase = await purchaseOf(app, payload)
      if (!purchase) return
      if (tooOldForMeta(purchase.order, app.clock.now())) {
        app.log.info({ order: purchase.order.number }, 'purchase too old for the Conversions API: not sent')
        return
      }
      await meta.send(
        {
          id: tags.metaPixelId,
          accessToken: tags.metaAccessToken,
          testEventCode: tags.metaTestEventCode || undefined,
        },
        [metaPurchase(purchase, linkOrigin(app.config) ?? localOrigin(app.config))],
      )
    })

    app.jobs.handle(META_EVENT, async (payload) => {
      const tags = await app.settings.marketing()
      if (!tags.metaPixelId || !tags.metaAccessToken) return
      const { event } = payload as BrowserEventJob
      if (app.clock.now().getTime() - event.event_time * 1000 > META_MAX_AGE_MS) return
      await meta.send(
        {
          id: tags.metaPixelId,
          accessToken: tags.metaAccessToken,
          testEventCode: tags.metaTestEventCode || undefined,
        },
        [event],
      )
    })

    app.jobs.handle(GA4_PURCHASE, async (payload) => {
      const tags = await app.settings.marketing()
      if (!tags.ga4MeasurementId || !tags.ga4ApiSecret) return
      const purchase = await purchaseOf(app, payload)
      if (!purchase) return
      await ga4.send(
        { measurementId: tags.ga4MeasurementId, apiSecret: tags.ga4ApiSecret },
        ga4Purchase(purchase),
      )
    })
  },
  { name: 'marketing', dependencies: ['jobs', 'settings-repository'] },
)
