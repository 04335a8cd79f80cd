import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { AdminCustomerRow } from '../../contract/admin-customers'
import { figure, formatDate, msg, t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { FormAlert, SelectField } from '../form-parts'
import { adminLink } from '../links'
import { ListCount, ListFilters, ListPage } from '../list/admin-list'
import { type AdminColumn, AdminTable } from '../list/admin-table'
import { useAdminList } from '../list/use-admin-list'
import {
  CUSTOMERS_PER_PAGE,
  customerListQueryOf,
  customerListSearch,
  customerListView,
} from './customer-search'
import { customerListQuery, downloadCustomersCsv } from './customers-api'

export const customerStatusLabels = {
  active: msg('admin-customers.status-active'),
  blocked: msg('admin-customers.status-blocked'),
}

/**
 * `/admin/customers`: every number that ordered or registered, found by number or name, the latest to order
 * first; paged, and exported as a spreadsheet.
 */
export function CustomerListPage({ search }: { search: Record<string, unknown> }) {
  const view = customerListView(search)
  const { list, href, go } = useAdminList({
    path: '/admin/customers',
    view,
    searchOf: customerListSearch,
    query: customerListQuery(customerListQueryOf(view)),
  })
  const [exportProblem, setExportProblem] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)

  const download = async () => {
    setExporting(true)
    setExportProblem(null)
    try {
      await downloadCustomersCsv({ q: view.q, status: view.status })
    } catch {
      setExportProblem(t('admin-customers.export-failed'))
    } finally {
      setExporting(false)
    }
  }

  const meta = list.data?.meta
  return (
    <div className="admin-page customer-list">
      <div className="customer-list__head">
        <h1>{t('admin.nav-customers')}</h1>
        <button
          type="button"
          className="button button--ghost"
          disabled={exporting}
          onClick={() => void download()}
        >
          {t('admin-customers.export')}
        </button>
      </div>
      <FormAlert message={exportProblem} />
      <ListFilters
        key={href}
        label={t('admin-customers.find')}
        onSubmit={(form) => go(customerListView({ q: form.get('q'), status: form.get('status') }))}
        onClear={() => go({ page: 1 })}
        applyLabel={t('admin-customers.apply')}
        clearLabel={t('admin-customers.clear')}
      >
        <Field
          label={t('admin-customers.search')}
          name="q"
          type="search"
          defaultValue={view.q ?? ''}
          placeholder={t('admin-customers.search-hint')}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField
          label={t('admin-customers.filter-status')}
          name="status"
          defaultValue={view.status ?? ''}
        >
          <option value="">{t('admin-customers.any')}</option>
          {Object.entries(customerStatusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
      </ListFilters>
      <ListCount>
        {meta && t('admin-customers.count', { count: meta.total, shown: figure(meta.total) })}
      </ListCount>
      <ListPage
        list={list}
        page={view.page}
        last={(answer) => !answer.meta.hasNext || view.page * CUSTOMERS_PER_PAGE >= 10_000}
        onPage={(page) => go({ ...view, page })}
      >
        {(answer) => (
          <AdminTable
            caption={t('admin-customers.caption')}
            className="customer-rows"
            rows={answer.data}
            rowKey={(row) => row.id}
            columns={customerColumns()}
            busy={list.isPlaceholderData}
            empty={t('admin-customers.empty')}
          />
        )}
      </ListPage>
    </div>
  )
}

/** The customers' columns (a card each on a phone). */
const customerColumns = (): AdminColumn<AdminCustomerRow>[] => [
  {
    header: t('admin-customers.name'),
    className: 'customer-rows__name',
    cell: (row) => (
      <>
        <Link {...adminLink(`customers/${row.id}`)}>
          {row.name || row.phone || t('admin-customers.no-name')}
        </Link>
        {!row.registered && <span className="admin-tag">{t('admin-customers.guest')}</span>}
      </>
    ),
  },
  {
    header: t('admin-customers.phone'),
    label: t('admin-customers.phone'),
    cell: (row) => (row.phone ? figure(row.phone) : '—'),
  },
  {
    header: t('admin-customers.orders'),
    label: t('admin-customers.orders'),
    cell: (row) => figure(row.ordersCount),
  },
  {
    header: t('admin-customers.spent'),
    label: t('admin-customers.spent'),
    cell: (row) => taka(row.totalSpent),
  },
  {
    header: t('admin-customers.last-order'),
    label: t('admin-customers.last-order'),
    cell: (row) => (row.lastOrderAt ? formatDate(row.lastOrderAt) : t('admin-customers.never')),
  },
  {
    header: t('admin-customers.status'),
    label: t('admin-customers.status'),
    cell: (row) => <CustomerStatusTag status={row.status} />,
  },
]

export function CustomerStatusTag({ status }: { status: AdminCustomerRow['status'] }) {
  return (
    <span className={`admin-tag customer-status customer-status--${status}`}>
      {t(customerStatusLabels[status])}
    </span>
  )
}
