import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId } from 'react'
import type { AdminCoupon } from '../../contract/admin-coupons'
import { figure, formatDate, t } from '../../i18n'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { adminLink, withSearch } from '../links'
import { AdminPaging } from '../paging'
import { Loading, LoadProblem } from '../shell/status-pages'
import { CouponStatusTag, couponStatusLabels, discountText, usesText } from './coupon-parts'
import {
  COUPONS_PER_PAGE,
  type CouponListView,
  couponListQueryOf,
  couponListSearch,
  couponListView,
} from './coupon-search'
import { couponListQuery } from './coupons-api'

const listHref = (view: CouponListView) => withSearch('/admin/coupons', couponListSearch(view))

/** `/admin/coupons`: find a coupon by code or name and status, see its uses, open it or make a new one. */
export function CouponListPage({ search }: { search: Record<string, unknown> }) {
  const view = couponListView(search)
  const navigate = useNavigate()
  const list = useQuery({ ...couponListQuery(couponListQueryOf(view)), placeholderData: keepPreviousData })
  const go = (next: CouponListView) => void navigate({ href: listHref(next) })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    go(couponListView({ q: form.get('q'), status: form.get('status') }))
  }

  const meta = list.data?.meta
  return (
    <div className="admin-page coupon-list">
      <div className="coupon-head">
        <h1>{t('admin.nav-coupons')}</h1>
        <Link {...adminLink('coupons/new')} className="button">
          {t('admin-coupons.new')}
        </Link>
      </div>
      <form
        key={listHref(view)}
        className="admin-filters"
        aria-label={t('admin-coupons.find')}
        onSubmit={submit}
      >
        <Field
          label={t('admin-coupons.search')}
          name="q"
          type="search"
          defaultValue={view.q ?? ''}
          placeholder={t('admin-coupons.search-hint')}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField label={t('admin-coupons.status')} name="status" defaultValue={view.status ?? ''}>
          <option value="">{t('admin-coupons.any')}</option>
          {Object.entries(couponStatusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
        <div className="admin-actions admin-filters__buttons">
          <button type="submit" className="button">
            {t('admin-coupons.apply')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => go({ page: 1 })}>
            {t('admin-coupons.clear')}
          </button>
        </div>
      </form>
      <p className="admin-status" role="status" aria-live="polite">
        {meta && t('admin-coupons.count', { count: meta.total, shown: figure(meta.total) })}
      </p>
      {list.data ? (
        <>
          <CouponRows rows={list.data.data} busy={list.isPlaceholderData} />
          <AdminPaging
            page={view.page}
            last={!meta?.hasNext || view.page * COUPONS_PER_PAGE >= 10_000}
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

/** The page's coupons as a table (one card each on a phone). */
function CouponRows({ rows, busy }: { rows: readonly AdminCoupon[]; busy: boolean }) {
  const captionId = useId()
  if (rows.length === 0) {
    return (
      <p className="admin-notice" role="status">
        {t('admin-coupons.empty')}
      </p>
    )
  }
  const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section className="admin-table-wrap coupon-rows" aria-labelledby={captionId} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{t('admin-coupons.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-coupons.code')}</th>
            <th scope="col">{t('admin-coupons.discount')}</th>
            <th scope="col">{t('admin-coupons.uses')}</th>
            <th scope="col">{t('admin-coupons.dates')}</th>
            <th scope="col">{t('admin-coupons.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <td className="coupon-rows__code">
                <Link {...adminLink(`coupons/${row.code}`)}>{row.code}</Link>
                {row.name && <span className="coupon-rows__name">{row.name}</span>}
              </td>
              <td data-label={t('admin-coupons.discount')}>{discountText(row)}</td>
              <td data-label={t('admin-coupons.uses')}>
                <Link {...adminLink(`coupons/${row.code}/uses`)}>{usesText(row)}</Link>
              </td>
              <td data-label={t('admin-coupons.dates')}>
                {t('admin-coupons.from-to', { from: when(row.startsAt), to: when(row.endsAt) })}
              </td>
              <td data-label={t('admin-coupons.status')}>
                <CouponStatusTag status={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
