import type { FastifyInstance } from 'fastify'
import { canonicalOrigin } from '../config'
import { backInStockPush, backInStockText, productLinkWithSku } from '../domain/back-in-stock'
import { pushElseText } from '../push/notify'
import type { AlertToTell } from '../repositories/stock-alerts'
import type { JobHandler } from './queue'

/** One job per waiting shopper to tell, queued by the restock trigger of migration 0041 (`{ alert: id }`). */
export const STOCK_ALERT = 'stock-alert'

/**
 * Tells one waiting shopper their size or colour is back: a push to the browsers of a shopper who asked signed in
 * and allowed notifications, else a text to the number they gave (`pushElseText`, keyed by the alert).
 */
export async function tellWaitingShopper(app: FastifyInstance, alert: AlertToTell): Promise<void> {
  const link = productLinkWithSku(canonicalOrigin(app.config), alert.slug, alert.sku)
  const facts = { ...alert, link }
  const browsers = alert.userId === null ? [] : await app.pushSubscriptions.forUser(alert.userId)
  const body = backInStockPush(facts)
  // the worker opens the page on the shop's own origin
  const url = productLinkWithSku('', alert.slug, alert.sku)
  await pushElseText(app, browsers, {
    phone: alert.phone,
    notice: { title: { en: alert.shop, bn: alert.shop }, body: { en: body, bn: body }, url },
    text: backInStockText(facts),
    key: `${STOCK_ALERT}:${alert.id}`,
  })
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
