import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import type { AdminCustomerRow } from '../../contract/admin-customers'
import { figure, formatDate, msg, t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { FormAlert, SelectField } from '../form-parts'
import { adminLink, withSearch } from '../links'
import { AdminPaging } from '../paging'
import { Loading, LoadProblem } from '../shell/status-pages'
import {
  CUSTOMERS_PER_PAGE,
  type CustomerListView,
  customerListQueryOf,
  customerListSearch,
  customerListView,
} from './customer-search'
import { customerListQuery, downloadCustomersCsv } from './customers-api'

export const customerStatusLabels = {
  active: msg('admin-customers.status-active'),
  blocked: msg('admin-customers.status-blocked'),
}

const listHref = (view: CustomerListView) => withSearch('/admin/customers', customerListSearch(view))

/** `/admin/customers`: find a customer by number or name, page through them, export them as a spreadsheet. */
export function CustomerListPage({ search }: { search: Record<string, unknown> }) {
  const view = customerListView(search)
  const navigate = useNavigate()
  const list = useQuery({
    ...customerListQuery(customerListQueryOf(view)),
    placeholderData: keepPreviousData,
  })
  const [exportProblem, setExportProblem] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const go = (next: CustomerListView) => void navigate({ href: listHref(next) })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    go(customerListView({ q: form.get('q'), status: form.get('status') }))
  }

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
      <form
        key={listHref(view)}
        className="admin-filters"
        aria-label={t('admin-customers.find')}
        onSubmit={submit}
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
        <div className="admin-actions admin-filters__buttons">
          <button type="submit" className="button">
            {t('admin-customers.apply')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => go({ page: 1 })}>
            {t('admin-customers.clear')}
          </button>
        </div>
      </form>
      <p className="admin-status" role="status" aria-live="polite">
        {meta && t('admin-customers.count', { count: meta.total, shown: figure(meta.total) })}
      </p>
      {list.data ? (
        <>
          <CustomerRows rows={list.data.data} busy={list.isPlaceholderData} />
          <AdminPaging
            page={view.page}
            last={!meta?.hasNext || view.page * CUSTOMERS_PER_PAGE >= 10_000}
            onPage={(page) => go({ ...view, page })}
          />
        </>
      ) : list.error ? (
        <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}

/** The page's customers as a table (one card each on a phone). */
function CustomerRows({ rows, busy }: { rows: readonly AdminCustomerRow[]; busy: boolean }) {
  const captionId = useId()
  if (rows.length === 0) {
    return (
      <p className="admin-notice" role="status">
        {t('admin-customers.empty')}
      </p>
    )
  }
  return (
    <section className="admin-table-wrap customer-rows" aria-labelledby={captionId} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{t('admin-customers.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-customers.name')}</th>
            <th scope="col">{t('admin-customers.phone')}</th>
            <th scope="col">{t('admin-customers.orders')}</th>
            <th scope="col">{t('admin-customers.spent')}</th>
            <th scope="col">{t('admin-customers.last-order')}</th>
            <th scope="col">{t('admin-customers.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="customer-rows__name">
                <Link {...adminLink(`customers/${row.id}`)}>
                  {row.name || row.phone || t('admin-customers.no-name')}
                </Link>
              </td>
              <td data-label={t('admin-customers.phone')}>{row.phone ? figure(row.phone) : '—'}</td>
              <td data-label={t('admin-customers.orders')}>{figure(row.ordersCount)}</td>
              <td data-label={t('admin-customers.spent')}>{taka(row.totalSpent)}</td>
              <td data-label={t('admin-customers.last-order')}>
                {row.lastOrderAt ? formatDate(row.lastOrderAt) : t('admin-customers.never')}
              </td>
              <td data-label={t('admin-customers.status')}>
                <CustomerStatusTag status={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export function CustomerStatusTag({ status }: { status: AdminCustomerRow['status'] }) {
  return (
    <span className={`admin-tag customer-status customer-status--${status}`}>
      {t(customerStatusLabels[status])}
    </span>
  )
}
