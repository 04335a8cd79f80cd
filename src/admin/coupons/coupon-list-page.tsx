import { Link } from '@tanstack/react-router'
import type { AdminCoupon } from '../../contract/admin-coupons'
import { figure, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { adminLink } from '../links'
import { ListCount, ListFilters, ListPage } from '../list/admin-list'
import { type AdminColumn, AdminTable } from '../list/admin-table'
import { useAdminList } from '../list/use-admin-list'
import { CouponStatusTag, couponStatusLabels, discountText, usesText } from './coupon-parts'
import { COUPONS_PER_PAGE, couponListQueryOf, couponListSearch, couponListView } from './coupon-search'
import { couponListQuery } from './coupons-api'

/** `/admin/coupons`: find a coupon by code or name and status, see its uses, open it or make a new one. */
export function CouponListPage({ search }: { search: Record<string, unknown> }) {
  const view = couponListView(search)
  const { list, href, go } = useAdminList({
    path: '/admin/coupons',
    view,
    searchOf: couponListSearch,
    query: couponListQuery(couponListQueryOf(view)),
  })
  const meta = list.data?.meta
  return (
    <div className="admin-page coupon-list">
      <div className="coupon-head">
        <h1>{t('admin.nav-coupons')}</h1>
        <Link {...adminLink('coupons/new')} className="button">
          {t('admin-coupons.new')}
        </Link>
      </div>
      <ListFilters
        key={href}
        label={t('admin-coupons.find')}
        onSubmit={(form) => go(couponListView({ q: form.get('q'), status: form.get('status') }))}
        onClear={() => go({ page: 1 })}
        applyLabel={t('admin-coupons.apply')}
        clearLabel={t('admin-coupons.clear')}
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
      </ListFilters>
      <ListCount>
        {meta && t('admin-coupons.count', { count: meta.total, shown: figure(meta.total) })}
      </ListCount>
      <ListPage
        list={list}
        page={view.page}
        last={(answer) => !answer.meta.hasNext || view.page * COUPONS_PER_PAGE >= 10_000}
        onPage={(page) => go({ ...view, page })}
      >
        {(answer) => (
          <AdminTable
            caption={t('admin-coupons.caption')}
            className="coupon-rows"
            rows={answer.data}
            rowKey={(row) => row.code}
            columns={couponColumns()}
            busy={list.isPlaceholderData}
            empty={t('admin-coupons.empty')}
          />
        )}
      </ListPage>
    </div>
  )
}

const when = (iso: string) => formatDateTime(iso)

/** The coupons' columns (a card each on a phone). */
const couponColumns = (): AdminColumn<AdminCoupon>[] => [
  {
    header: t('admin-coupons.code'),
    className: 'coupon-rows__code',
    cell: (row) => (
      <>
        <Link {...adminLink(`coupons/${row.code}`)}>{row.code}</Link>
        {row.name && <span className="coupon-rows__name">{row.name}</span>}
      </>
    ),
  },
  { header: t('admin-coupons.discount'), label: t('admin-coupons.discount'), cell: discountText },
  {
    header: t('admin-coupons.uses'),
    label: t('admin-coupons.uses'),
    cell: (row) => <Link {...adminLink(`coupons/${row.code}/uses`)}>{usesText(row)}</Link>,
  },
  {
    header: t('admin-coupons.dates'),
    label: t('admin-coupons.dates'),
    cell: (row) => t('admin-coupons.from-to', { from: when(row.startsAt), to: when(row.endsAt) }),
  },
  {
    header: t('admin-coupons.status'),
    label: t('admin-coupons.status'),
    cell: (row) => <CouponStatusTag status={row.status} />,
  },
]
