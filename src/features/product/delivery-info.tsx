import { Link } from '@tanstack/react-router'
import type { DeliveryZone } from '../../contract/addresses'
import { figure, type MessageKey, msg, t } from '../../i18n'
import {
  useDeliveryBaseKg,
  useDeliveryQuotes,
  useReturnSummary,
  type ZoneQuote,
} from '../../state/shop-delivery'

const lines: [DeliveryZone, MessageKey][] = [
  ['inside_dhaka', msg('product.delivery-inside-dhaka')],
  ['dhaka_suburbs', msg('product.delivery-suburbs')],
  ['outside_dhaka', msg('product.delivery-outside-dhaka')],
]

/** The built-in zones, until the shop's own settings have been read once. */
const builtIn: Record<DeliveryZone, { charge: number; days: string }> = {
  inside_dhaka: { charge: 70, days: '1–2' },
  dhaka_suburbs: { charge: 110, days: '2–3' },
  outside_dhaka: { charge: 130, days: '3–5' },
}

function quoteOf(zone: DeliveryZone, quotes: Record<DeliveryZone, ZoneQuote> | undefined) {
  const quote = quotes?.[zone]
  if (quote) return { charge: figure(quote.charge), estimate: quote.estimate }
  const { charge, days } = builtIn[zone]
  return { charge: figure(charge), estimate: t('product.estimate-days', { days: figure(days) }) }
}

/** Delivery and returns on the product page: each zone's charge and estimate as the shop set them. */
export function DeliveryInfo() {
  const quotes = useDeliveryQuotes()
  const returns = useReturnSummary()
  const baseKg = useDeliveryBaseKg()
  return (
    <section className="delivery-info" aria-labelledby="delivery-title">
      <h2 id="delivery-title">{t('product.delivery-title')}</h2>
      <ul>
        {lines.map(([zone, message]) => (
          <li key={zone}>
            {t(message, quoteOf(zone, quotes))}
            {/* a heavier parcel pays by weight: said where the shop charges so */}
            {(quotes?.[zone].perKg ?? 0) > 0 &&
              ` ${t('product.delivery-per-kg', { perKg: figure(quotes?.[zone].perKg ?? 0), kg: figure(baseKg) })}`}
          </li>
        ))}
        <li>{t('product.delivery-cod')}</li>
        {returns && (returns.summary || returns.hasPolicy) && (
          <li data-testid="product-returns">
            {returns.summary && t('product.delivery-returns', { summary: returns.summary })}
            {returns.hasPolicy && (
              <>
                {returns.summary && ' · '}
                <Link to="/$slug" params={{ slug: 'return-policy' }}>
                  {t('product.return-policy')}
                </Link>
              </>
            )}
          </li>
        )}
      </ul>
    </section>
  )
}
