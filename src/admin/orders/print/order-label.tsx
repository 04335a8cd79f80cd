import type { OrderPrint } from '../../../contract/admin-orders'
import { figure, t, taka, useLanguage } from '../../../i18n'
import { zoneLabels } from '../order-labels'
import { Barcode } from './print-codes'
import { AddressLines, type PrintShop, printedPhone, shopTexts } from './print-parts'

type Props = { order: OrderPrint; shop: PrintShop }

/** One parcel's 4×6 in courier label: the recipient big, the cash to collect, the order's barcode. */
export function OrderLabel({ order, shop }: Props) {
  const { name, address } = shopTexts(shop, useLanguage())
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0)
  const titleId = `label-${order.id}`
  return (
    <article className="print-sheet courier-label" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('admin-orders.print-label-title', { number: order.number })}
      </h2>
      <section className="courier-label__to" aria-labelledby={`${titleId}-to`}>
        <h3 id={`${titleId}-to`}>{t('admin-orders.print-to')}</h3>
        <p className="courier-label__name">{order.address.name}</p>
        <p className="courier-label__phone">{printedPhone(order.address.phone)}</p>
        <address>
          <AddressLines address={order.address} />
        </address>
        <p>{t(zoneLabels[order.zone])}</p>
      </section>

      <div className="courier-label__cod" data-testid="label-collect">
        {order.collect > 0 ? (
          <>
            <span>{t('admin-orders.print-collect')}</span>
            <strong>{taka(order.collect)}</strong>
          </>
        ) : (
          <strong>{t('admin-orders.print-prepaid')}</strong>
        )}
      </div>

      <div className="courier-label__code">
        <Barcode
          className="courier-label__barcode"
          value={order.number}
          label={t('admin-orders.print-barcode', { number: order.number })}
        />
        <p className="courier-label__number">{order.number}</p>
      </div>

      <dl className="print-facts courier-label__facts">
        <dt>{t('admin-orders.print-items')}</dt>
        <dd>{figure(items)}</dd>
        {order.courier && (
          <>
            <dt>{t('admin-orders.courier')}</dt>
            <dd>{order.courier}</dd>
          </>
        )}
        {order.trackingNumber && (
          <>
            <dt>{t('admin-orders.tracking')}</dt>
            <dd>{order.trackingNumber}</dd>
          </>
        )}
      </dl>

      <section className="courier-label__from" aria-labelledby={`${titleId}-from`}>
        <h3 id={`${titleId}-from`}>{t('admin-orders.print-from')}</h3>
        <p>
          <strong>{name}</strong>, {shop.phones.map(printedPhone).join(', ')}
        </p>
        <p>{address}</p>
      </section>
    </article>
  )
}
