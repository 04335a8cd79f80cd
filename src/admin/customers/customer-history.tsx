import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { AdminCustomer } from '../../contract/admin-customers'
import type { OrderStatus } from '../../contract/orders'
import { figure, formatDate, msg, t, taka } from '../../i18n'
import { adminLink } from '../links'

const orderStatusLabels: Record<OrderStatus, ReturnType<typeof msg>> = {
  pending_payment: msg('admin-customers.order-pending-payment'),
  pending: msg('admin-customers.order-pending'),
  confirmed: msg('admin-customers.order-confirmed'),
  packed: msg('admin-customers.order-packed'),
  shipped: msg('admin-customers.order-shipped'),
  delivered: msg('admin-customers.order-delivered'),
  cancelled: msg('admin-customers.order-cancelled'),
  returned: msg('admin-customers.order-returned'),
}

/** The customer's orders, newest first, each a link to its page. */
export function CustomerOrders({ customer }: { customer: AdminCustomer }) {
  const captionId = useId()
  if (customer.orders.length === 0) {
    return (
      <section className="admin-panel">
        <h2>{t('admin-customers.orders-title')}</h2>
        <p>{t('admin-customers.no-orders')}</p>
      </section>
    )
  }
  return (
    <section className="admin-table-wrap customer-orders" aria-labelledby={captionId}>
      <table className="admin-table">
        <caption id={captionId}>
          {customer.record.orders > customer.orders.length
            ? t('admin-customers.orders-latest', { shown: figure(customer.orders.length) })
            : t('admin-customers.orders-title')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-customers.order-number')}</th>
            <th scope="col">{t('admin-customers.order-date')}</th>
            <th scope="col">{t('admin-customers.status')}</th>
            <th scope="col">{t('admin-customers.order-total')}</th>
          </tr>
        </thead>
        <tbody>
          {customer.orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link {...adminLink(`orders/${order.id}`)}>{order.number}</Link>
              </td>
              <td data-label={t('admin-customers.order-date')}>{formatDate(order.createdAt)}</td>
              <td data-label={t('admin-customers.status')}>
                <span className={`admin-tag customer-order customer-order--${order.status}`}>
                  {t(orderStatusLabels[order.status])}
                </span>
              </td>
              <td data-label={t('admin-customers.order-total')}>{taka(order.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** The places the customer's orders went to, the latest used first. */
export function CustomerAddresses({ customer }: { customer: AdminCustomer }) {
  const titleId = useId()
  return (
    <section className="admin-stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin-customers.addresses')}</h2>
      {customer.addresses.length === 0 ? (
        <p>{t('admin-customers.no-addresses')}</p>
      ) : (
        <ul className="admin-cards">
          {customer.addresses.map((address) => (
            <li
              key={[address.division, address.district, address.area, address.street, address.landmark].join(
                '|',
              )}
              className="admin-card customer-address"
            >
              <p>
                <strong>{address.name}</strong>
              </p>
              <p>{figure(address.phone)}</p>
              <p>
                {[address.street, address.landmark, address.area, address.district, address.division]
                  .filter(Boolean)
                  .join(', ')}
              </p>
              <p className="customer-address__used">
                {t('admin-customers.address-used', {
                  count: address.orders,
                  shown: figure(address.orders),
                  date: formatDate(address.lastUsedAt),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
