import { Fragment } from 'react'
import { channelName } from '../../contract/admin-attribution'
import type { AdminOrder } from '../../contract/admin-orders'
import { currentLanguage, formatDate, msg, t } from '../../i18n'

const clickNames = {
  fbclid: msg('admin-orders.click-fbclid'),
  gclid: msg('admin-orders.click-gclid'),
}

/** Where a site order's shopper came from: the channel, the campaign's tags, the linking site, the first visit. */
export function OrderAttribution({ order }: { order: AdminOrder }) {
  const found = order.attribution
  if (!found) return null
  const name = channelName(found.channel)
  const facts: [string, string | null][] = [
    [t('admin-orders.attribution-medium'), found.medium],
    [t('admin-orders.attribution-campaign'), found.campaign],
    [t('admin-orders.attribution-term'), found.term],
    [t('admin-orders.attribution-content'), found.content],
    [
      t('admin-orders.attribution-clicks'),
      found.clickIds.length ? found.clickIds.map((id) => t(clickNames[id])).join(', ') : null,
    ],
    [t('admin-orders.attribution-referrer'), found.referrer],
    [
      t('admin-orders.attribution-landed'),
      found.landedAt ? formatDate(found.landedAt, { dateStyle: 'medium', timeStyle: 'short' }) : null,
    ],
  ]
  return (
    <section className="admin-panel" aria-labelledby="order-attribution-title">
      <h2 id="order-attribution-title">{t('admin-orders.attribution')}</h2>
      <dl className="admin-facts">
        <dt>{t('admin-orders.attribution-channel')}</dt>
        <dd data-testid="order-channel">{currentLanguage() === 'bn' ? name.bn : name.en}</dd>
        {facts.map(([label, value]) =>
          value ? (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ) : null,
        )}
      </dl>
      {!found.landedAt && <p>{t('admin-orders.attribution-none')}</p>}
    </section>
  )
}
