import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AdminCustomer } from '../../contract/admin-customers'
import type { StaffMember } from '../../contract/staff'
import { figure, formatDate, t, taka } from '../../i18n'
import { DeliveryRecordView } from '../delivery-record'
import { adminLink } from '../links'
import { may } from '../roles'
import { Loading, LoadProblem, UnknownPage } from '../shell/status-pages'
import { BlockControl } from './customer-block'
import { CustomerAddresses, CustomerOrders } from './customer-history'
import { CustomerStatusTag } from './customer-list-page'
import { CustomerNotes } from './customer-notes'
import { CustomerPoints } from './customer-points'
import { customerQuery } from './customers-api'

const customerName = (customer: Pick<AdminCustomer, 'name' | 'phone'>) =>
  customer.name || customer.phone || t('admin-customers.no-name')

/** `/admin/customers/<id>`: who the customer is, how their orders went, where they went, what staff noted. */
export function CustomerDetailPage({ id, staff }: { id: string; staff: StaffMember }) {
  if (!/^[1-9]\d{0,9}$/.test(id)) return <UnknownPage />
  return <CustomerRecord id={Number(id)} canAdjust={may(staff, 'customers.points')} />
}

function CustomerRecord({ id, canAdjust }: { id: number; canAdjust: boolean }) {
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
        {!customer.account && <span className="admin-tag">{t('admin-customers.guest')}</span>}
      </div>
      {customer.blockScope && (
        <p className="customer-record__block">
          {customer.blockScope === 'all'
            ? t('admin-customers.blocked-all')
            : t('admin-customers.blocked-cod')}
        </p>
      )}
      <BlockControl customer={customer} name={name} />
      <CustomerContact customer={customer} />
      <section className="admin-panel" aria-labelledby={`customer-${id}-record`}>
        <h2 id={`customer-${id}-record`}>{t('admin-customers.record')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin-customers.spent')}</dt>
          <dd>{taka(customer.totalSpent)}</dd>
        </dl>
        <DeliveryRecordView
          record={customer.record}
          of={{ kind: 'customer', id: customer.id }}
          title={t('admin-customers.delivery-record')}
        />
      </section>
      <CustomerOrders customer={customer} />
      <CustomerAddresses customer={customer} />
      {customer.account && <CustomerPoints customerId={customer.id} canAdjust={canAdjust} />}
      <CustomerNotes customer={customer} />
    </div>
  )
}

/** The number, and the account when there is one (a guest has none). */
function CustomerContact({ customer }: { customer: AdminCustomer }) {
  const { account } = customer
  return (
    <section className="admin-panel" aria-labelledby={`customer-${customer.id}-contact`}>
      <h2 id={`customer-${customer.id}-contact`}>{t('admin-customers.contact')}</h2>
      <dl className="admin-facts">
        <dt>{t('admin-customers.phone')}</dt>
        <dd>
          {customer.phone ? <a href={`tel:${customer.phone}`}>{figure(customer.phone)}</a> : '—'}
          {customer.phone && account && !account.phoneVerifiedAt && (
            <span className="admin-tag admin-tag--warn">{t('admin-customers.unverified')}</span>
          )}
        </dd>
        <dt>{t('admin-customers.account')}</dt>
        <dd>
          {account
            ? t('admin-customers.account-since', { date: formatDate(account.createdAt) })
            : t('admin-customers.no-account')}
        </dd>
        {account?.email && (
          <>
            <dt>{t('admin-customers.email')}</dt>
            <dd>{account.email}</dd>
          </>
        )}
        <dt>{t('admin-customers.joined')}</dt>
        <dd>{formatDate(customer.createdAt)}</dd>
      </dl>
    </section>
  )
}
