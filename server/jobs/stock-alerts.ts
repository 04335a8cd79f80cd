import type { FastifyInstance } from 'fastify'
import { canonicalOrigin } from '../config'
import { backInStockText, productLinkWithSku } from '../domain/back-in-stock'
import type { AlertToTell } from '../repositories/stock-alerts'
import type { JobHandler } from './queue'

/** One job per waiting shopper to tell, queued by the restock trigger of migration 0039 (`{ alert: id }`). */
export const STOCK_ALERT = 'stock-alert'

/**
 * Tells one waiting shopper their size or colour is back, by the channel that reaches them. Today that is a
 * text to the number they gave; a channel the shopper allowed later (a push subscription) is chosen here, in
 * this one place, before the text.
 */
export async function tellWaitingShopper(app: FastifyInstance, alert: AlertToTell): Promise<void> {
  const link = productLinkWithSku(canonicalOrigin(app.config), alert.slug, alert.sku)
  const text = backInStockText({ ...alert, link })
  await app.sms.send(alert.phone, text)
}

/** The job: reads the alert when its turn comes; one whose sku was deleted since has nobody to tell. */
export function stockAlertJob(app: FastifyInstance): JobHandler {
  return async (payload) => {
    const id = payload.alert
    if (typeof id !== 'number') throw new Error('A stock alert job needs its alert')
    const alert = await app.stockAlerts.toTell(id)
    if (alert) await tellWaitingShopper(app, alert)
  }
}
