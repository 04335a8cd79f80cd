import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { CouponUse } from '../../contract/admin-coupons'
import { figure, t, taka } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { FormAlert } from '../form-parts'
import { adminLink, withSearch } from '../links'
import { AdminPaging } from '../paging'
import { Loading, LoadProblem } from '../shell/status-pages'
import { CouponStatusTag, discountText, usesText } from './coupon-parts'
import { couponUsesQuery, downloadCouponUsesCsv } from './coupons-api'

const PER_PAGE = 50

/** `/admin/coupons/<CODE>/uses`: the orders that used a coupon, what it took off, and a CSV of them. */
export function CouponUsesPage({ code, search }: { code: string; search: Record<string, unknown> }) {
  const navigate = useNavigate()
  const asked = Number(search.page)
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 200 ? asked : 1
  const report = useQuery({
    ...couponUsesQuery(code, { page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  })
  const [exporting, setExporting] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const href = (next: number) => withSearch(`/admin/coupons/${code}/uses`, next > 1 ? { page: next } : {})

  const download = async () => {
    setExporting(true)
    setProblem(null)
    try {
      await downloadCouponUsesCsv(code)
    } catch {
      setProblem(t('admin-coupons.export-failed'))
    } finally {
      setExporting(false)
    }
  }

  if (report.error) return <LoadProblem error={report.error} onRetry={() => void report.refetch()} />
  if (!report.data) return <Loading />
  const { coupon, uses, totalDiscount } = report.data.data
  return (
    <div className="admin-page coupon-report">
      <p>
        <Link {...adminLink(`coupons/${coupon.code}`)}>
          {t('admin-coupons.back-to-coupon', { code: coupon.code })}
        </Link>
      </p>
      <div className="coupon-head">
        <h1>{t('admin-coupons.uses-title', { code: coupon.code })}</h1>
        <CouponStatusTag status={coupon.status} />
        <button
          type="button"
          className="button button--ghost"
          disabled={exporting}
          onClick={() => void download()}
        >
          {t('admin-coupons.export')}
        </button>
      </div>
      <FormAlert message={problem} />
      <dl className="admin-facts">
        <dt>{t('admin-coupons.discount')}</dt>
        <dd>{discountText(coupon)}</dd>
        <dt>{t('admin-coupons.uses')}</dt>
        <dd>{usesText(coupon)}</dd>
        <dt>{t('admin-coupons.total-discount')}</dt>
        <dd>{taka(totalDiscount)}</dd>
      </dl>
      <UseRows uses={uses} busy={report.isPlaceholderData} />
      <AdminPaging
        page={page}
        last={!report.data.meta.hasNext}
        onPage={(next) => void navigate({ href: href(next) })}
      />
    </div>
  )
}

function UseRows({ uses, busy }: { uses: readonly CouponUse[]; busy: boolean }) {
  const captionId = useId()
  if (uses.length === 0) {
    return (
      <p className="admin-notice" role="status">
        {t('admin-coupons.no-uses')}
      </p>
    )
  }
  return (
    <section className="admin-table-wrap coupon-rows" aria-labelledby={captionId} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{t('admin-coupons.uses-caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin-coupons.order')}</th>
            <th scope="col">{t('admin-coupons.date')}</th>
            <th scope="col">{t('admin-coupons.customer')}</th>
            <th scope="col">{t('admin-coupons.order-discount')}</th>
            <th scope="col">{t('admin-coupons.delivery-waived')}</th>
          </tr>
        </thead>
        <tbody>
          {uses.map((use) => (
            <tr key={use.orderId}>
              <td className="coupon-rows__code">
                <Link {...adminLink(`orders/${use.orderId}`)}>{use.orderNumber}</Link>
              </td>
              <td data-label={t('admin-coupons.date')}>{formatDateTime(use.at)}</td>
              <td data-label={t('admin-coupons.customer')}>
                {use.customerName} · {figure(use.phone)}
              </td>
              <td data-label={t('admin-coupons.order-discount')}>{taka(use.discount)}</td>
              <td data-label={t('admin-coupons.delivery-waived')}>{taka(use.deliveryDiscount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
