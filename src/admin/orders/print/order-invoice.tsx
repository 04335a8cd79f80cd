import type { OrderPrint } from '../../../contract/admin-orders'
import { figure, t, taka, useLanguage } from '../../../i18n'
import { orderLineName, orderLineVariant, orderPlaces } from '../../../ui/order-changes'
import { OrderTotals } from '../../../ui/order-totals'
import { methodName, paymentStatusLabels, placedAt, zoneLabels } from '../order-labels'
import { QrCode } from './print-codes'
import { AddressLines, type PrintShop, printedPhone, shopTexts } from './print-parts'

type Props = { order: OrderPrint; shop: PrintShop }

/** One order's A4 invoice: the shop, the order's number as a QR code, the customer, the lines and the sums. */
export function OrderInvoice({ order, shop }: Props) {
  const { name, address } = shopTexts(shop, useLanguage())
  const titleId = `invoice-${order.id}`
  return (
    <article className="print-sheet order-invoice" aria-labelledby={titleId}>
      <header className="order-invoice__head">
        <div className="order-invoice__shop">
          {shop.logo && <img className="order-invoice__logo" src={shop.logo} alt="" />}
          <p className="order-invoice__shop-name">{name}</p>
          <p>{address}</p>
          <p>{shop.phones.map(printedPhone).join(', ')}</p>
          <p>{shop.email}</p>
        </div>
        <div className="order-invoice__id">
          <h2 id={titleId}>{t('admin-orders.print-invoice-title', { number: order.number })}</h2>
          <dl className="print-facts">
            <dt>{t('admin-orders.print-order-number')}</dt>
            <dd data-testid="print-number">{order.number}</dd>
            <dt>{t('admin-orders.print-date')}</dt>
            <dd>{placedAt(order.createdAt)}</dd>
            <dt>{t('admin-orders.payment')}</dt>
            <dd>
              {methodName(order.paymentMethod)}, {t(paymentStatusLabels[order.paymentStatus])}
            </dd>
          </dl>
        </div>
        <QrCode
          className="order-invoice__qr"
          value={order.number}
          label={t('admin-orders.print-qr', { number: order.number })}
        />
      </header>

      <div className="order-invoice__people">
        <section aria-labelledby={`${titleId}-customer`}>
          <h3 id={`${titleId}-customer`}>{t('admin-orders.customer')}</h3>
          <p>{order.customerName}</p>
          <p>{printedPhone(order.phone)}</p>
          {order.notes && <p className="order-invoice__note">{order.notes}</p>}
        </section>
        <section aria-labelledby={`${titleId}-delivery`}>
          <h3 id={`${titleId}-delivery`}>{t('admin-orders.print-deliver-to')}</h3>
          <address>
            <span>
              {order.address.name}, {printedPhone(order.address.phone)}
            </span>
            <AddressLines address={order.address} places={orderPlaces(order)} />
            <span>{t(zoneLabels[order.zone])}</span>
          </address>
        </section>
      </div>

      <table className="order-invoice__lines">
        <caption className="visually-hidden">
          {t('admin-orders.lines', { count: order.lines.length, shown: figure(order.lines.length) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-orders.print-item')}</th>
            <th scope="col">{t('admin-orders.print-sku')}</th>
            <th scope="col">{t('admin-orders.print-quantity')}</th>
            <th scope="col">{t('admin-orders.print-unit-price')}</th>
            <th scope="col">{t('admin-orders.print-vat')}</th>
            <th scope="col">{t('admin-orders.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.skuId}>
              <td>
                {orderLineName(line)}
                {(line.size || line.colour) && <small>{orderLineVariant(line)}</small>}
              </td>
              <td>{line.sku}</td>
              <td>{figure(line.quantity)}</td>
              <td>
                {taka(line.unitDiscountedPrice)}
                {line.unitDiscountedPrice < line.unitPrice && <s>{taka(line.unitPrice)}</s>}
              </td>
              <td>{taka(line.vat)}</td>
              <td>{taka(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="order-invoice__sums">
        <OrderTotals
          totals={order.totals}
          deliveryLabel={t('admin-orders.delivery-charge', { zone: t(zoneLabels[order.zone]) })}
        />
        <dl className="order-invoice__due">
          <div>
            <dt>{t('admin-orders.print-paid')}</dt>
            <dd>{taka(order.paid)}</dd>
          </div>
          <div className="order-invoice__collect" data-testid="print-collect">
            <dt>{t('admin-orders.print-collect')}</dt>
            <dd>{taka(order.collect)}</dd>
          </div>
        </dl>
      </div>

      <footer className="order-invoice__foot">
        <p>{t('admin-orders.print-thanks', { shop: name })}</p>
      </footer>
    </article>
  )
}
