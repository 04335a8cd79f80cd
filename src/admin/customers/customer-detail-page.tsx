import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { AdminCustomer } from '../../contract/admin-customers'
import type { OrderStatus } from '../../contract/orders'
import { figure, formatDate, msg, t, taka } from '../../i18n'
import { ConfirmDialog } from '../confirm-dialog'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import { Loading, LoadProblem, UnknownPage } from '../shell/status-pages'
import { CustomerStatusTag } from './customer-list-page'
import { CustomerNotes } from './customer-notes'
import { customerKeys, customerQuery, customersApi } from './customers-api'

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

export const customerName = (customer: Pick<AdminCustomer, 'firstName' | 'lastName' | 'phone'>) =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim() ||
  customer.phone ||
  t('admin-customers.no-name')

/** `/admin/customers/<id>`: who the customer is, what they ordered, where they live, what staff noted. */
export function CustomerDetailPage({ id }: { id: string }) {
  if (!/^[1-9]\d{0,9}$/.test(id)) return <UnknownPage />
  return <CustomerRecord id={Number(id)} />
}

function CustomerRecord({ id }: { id: number }) {
  const record = useQuery(customerQuery(id))
  const customer = record.data
  if (!customer) {
    return record.error ? (
      <LoadProblem error={record.error} onRetry={() => void record.refetch()} />
    ) : (
      <Loading />
    )
  }
  const name = customerName(customer)
  return (
    <div className="admin-page customer-record">
      <p>
        <Link {...adminLink('customers')}>{t('admin-customers.back')}</Link>
      </p>
      <div className="customer-record__head">
        <h1>{name}</h1>
        <CustomerStatusTag status={customer.status} />
      </div>
      <BlockControl customer={customer} name={name} />
      <section className="admin-panel" aria-labelledby={`customer-${id}-contact`}>
        <h2 id={`customer-${id}-contact`}>{t('admin-customers.contact')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin-customers.phone')}</dt>
          <dd>
            {customer.phone ? <a href={`tel:${customer.phone}`}>{figure(customer.phone)}</a> : '—'}
            {customer.phone && !customer.phoneVerifiedAt && (
              <span className="admin-tag admin-tag--warn">{t('admin-customers.unverified')}</span>
            )}
          </dd>
          <dt>{t('admin-customers.email')}</dt>
          <dd>{customer.email || '—'}</dd>
          <dt>{t('admin-customers.joined')}</dt>
          <dd>{formatDate(customer.createdAt)}</dd>
        </dl>
      </section>
      <section className="admin-panel" aria-labelledby={`customer-${id}-record`}>
        <h2 id={`customer-${id}-record`}>{t('admin-customers.record')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin-customers.orders')}</dt>
          <dd>{figure(customer.ordersCount)}</dd>
          <dt>{t('admin-customers.spent')}</dt>
          <dd>{taka(customer.totalSpent)}</dd>
          <dt>{t('admin-customers.delivered')}</dt>
          <dd>{figure(customer.deliveredCount)}</dd>
          <dt>{t('admin-customers.cancelled')}</dt>
          <dd>{figure(customer.cancelledCount)}</dd>
          <dt>{t('admin-customers.returned')}</dt>
          <dd>{figure(customer.returnedCount)}</dd>
        </dl>
      </section>
      <CustomerOrders customer={customer} />
      <CustomerAddresses customer={customer} />
      <CustomerNotes customer={customer} />
    </div>
  )
}

/** Block or unblock, each behind a confirmation that says what it does; the outcome is announced. */
function BlockControl({ customer, name }: { customer: AdminCustomer; name: string }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const blocking = customer.status === 'active'
  const change = useMutation({
    mutationFn: () => customersApi.setBlocked(customer.id, blocking),
    meta: { silent: true },
    onSuccess: (updated) => {
      setConfirming(false)
      setProblem(null)
      queryClient.setQueryData(customerKeys.one(customer.id), updated)
      void queryClient.invalidateQueries({ queryKey: [...customerKeys.all(), 'list'] })
      setDone(
        updated.status === 'blocked'
          ? t('admin-customers.blocked-done', { name })
          : t('admin-customers.unblocked-done', { name }),
      )
    },
    onError: (failure) => {
      setConfirming(false)
      setDone(null)
      setProblem(formErrors(failure, []).form)
    },
  })
  const label = blocking ? t('admin-customers.block') : t('admin-customers.unblock')
  return (
    <div className="admin-stack">
      <div className="admin-actions">
        <button
          type="button"
          className={blocking ? 'button admin-button--danger' : 'button'}
          onClick={() => setConfirming(true)}
        >
          {label}
        </button>
      </div>
      <FormAlert message={problem} />
      <LiveStatus message={done} />
      {confirming && (
        <ConfirmDialog
          title={label}
          text={
            blocking
              ? t('admin-customers.confirm-block', { name })
              : t('admin-customers.confirm-unblock', { name })
          }
          confirmLabel={label}
          danger={blocking}
          busy={change.isPending}
          onConfirm={() => change.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  )
}

function CustomerOrders({ customer }: { customer: AdminCustomer }) {
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
          {customer.ordersCount > customer.orders.length
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

function CustomerAddresses({ customer }: { customer: AdminCustomer }) {
  const titleId = useId()
  return (
    <section className="admin-stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin-customers.addresses')}</h2>
      {customer.addresses.length === 0 ? (
        <p>{t('admin-customers.no-addresses')}</p>
      ) : (
        <ul className="admin-cards">
          {customer.addresses.map((address) => (
            <li key={address.id} className="admin-card customer-address">
              <p>
                <strong>{address.name}</strong>
                {address.isDefault && <span className="admin-tag">{t('admin-customers.default')}</span>}
              </p>
              <p>{figure(address.phone)}</p>
              <p>
                {[address.street, address.landmark, address.area, address.district, address.division]
                  .filter(Boolean)
                  .join(', ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
