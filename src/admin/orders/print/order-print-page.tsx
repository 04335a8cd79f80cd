import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { type RefObject, useEffect, useRef } from 'react'
import { ORDER_PRINT_LIMIT, type OrderPrintData } from '../../../contract/admin-orders'
import { figure, msg, t } from '../../../i18n'
import { adminLink } from '../../links'
import type { SectionPageProps } from '../../section-pages'
import { Loading, LoadProblem } from '../../shell/status-pages'
import { orderPrintQuery } from '../orders-api'
import { OrderInvoice } from './order-invoice'
import { OrderLabel } from './order-label'
import { type PrintLayout, printIds, printLayout } from './print-link'
import './order-print.css'

/** How long the print dialog waits for the logo and the typeface at most. */
const READY_WAIT_MS = 8_000

/**
 * `/admin/orders/print?ids=1,2,3&layout=invoice|label`: one A4 invoice or one 4×6 in courier label per
 * order, in the back office's language, and the browser's print dialog once they are drawn.
 */
export function OrderPrintPage({ search }: SectionPageProps) {
  const ids = printIds(search.ids)
  const layout = printLayout(search.layout)
  if (!ids) {
    return (
      <div className="admin-page admin-notice">
        <h1>{t('admin-orders.print-nothing-title')}</h1>
        <p>{t('admin-orders.print-nothing-text', { limit: figure(ORDER_PRINT_LIMIT) })}</p>
        <BackLink />
      </div>
    )
  }
  return <PrintLoader key={`${layout}:${ids.join(',')}`} ids={ids} layout={layout} />
}

const BackLink = () => (
  <Link {...adminLink('orders')} className="button button--ghost order-print__back">
    {t('admin-orders.print-back')}
  </Link>
)

const titles = {
  invoice: msg('admin-orders.print-invoices'),
  label: msg('admin-orders.print-labels'),
} as const
const helps = {
  invoice: msg('admin-orders.print-help-invoice'),
  label: msg('admin-orders.print-help-label'),
} as const

function PrintLoader({ ids, layout }: { ids: number[]; layout: PrintLayout }) {
  const print = useQuery(orderPrintQuery(ids))
  if (!print.data) {
    return (
      <div className="admin-page">
        <h1>{t(titles[layout], { count: ids.length, shown: figure(ids.length) })}</h1>
        {print.error ? <LoadProblem error={print.error} onRetry={() => void print.refetch()} /> : <Loading />}
        <BackLink />
      </div>
    )
  }
  return <PrintSheets data={print.data} layout={layout} />
}

function PrintSheets({ data, layout }: { data: OrderPrintData; layout: PrintLayout }) {
  const sheets = useRef<HTMLDivElement>(null)
  usePrintWhenReady(sheets)
  const count = data.orders.length
  return (
    <div className={`order-print order-print--${layout}`}>
      <div className="admin-page order-print__tools">
        <h1>{t(titles[layout], { count, shown: figure(count) })}</h1>
        <p>{t(helps[layout])}</p>
        {data.missing.length > 0 && (
          <p className="admin-notice" role="status">
            {t('admin-orders.print-missing', { ids: data.missing.map((id) => `#${figure(id)}`).join(', ') })}
          </p>
        )}
        <div className="order-print__buttons">
          <button type="button" className="button" onClick={() => window.print()}>
            {t('admin-orders.print-print')}
          </button>
          <BackLink />
        </div>
      </div>
      <div ref={sheets} className="order-print__sheets">
        {data.orders.map((order) =>
          layout === 'label' ? (
            <OrderLabel key={order.id} order={order} shop={data.shop} />
          ) : (
            <OrderInvoice key={order.id} order={order} shop={data.shop} />
          ),
        )}
      </div>
    </div>
  )
}

/** The visits (history entries) whose print dialog has opened: a redraw or a remount asks no more. */
const printedVisits = new Set<string>()

/**
 * Opens the print dialog once the sheets' images and the page's typefaces are ready (or after
 * READY_WAIT_MS), once per visit: a change of language redraws the sheets without asking again.
 */
function usePrintWhenReady(sheets: RefObject<HTMLElement | null>) {
  // the shop's pages already load useRouterState (useLocation would be a chunk of its own)
  const visit = useRouterState({
    select: ({ location }) => location.state.__TSR_key ?? location.href,
  })
  useEffect(() => {
    if (printedVisits.has(visit)) return
    let cancelled = false
    const images = [...(sheets.current?.querySelectorAll('img') ?? [])].map((image) =>
      image.decode().catch(() => undefined),
    )
    const ready = Promise.all([document.fonts.ready, ...images])
    const waited = new Promise((done) => setTimeout(done, READY_WAIT_MS))
    void Promise.race([ready, waited])
      .then(() => new Promise((done) => requestAnimationFrame(done)))
      .then(() => {
        if (cancelled || printedVisits.has(visit)) return
        printedVisits.add(visit)
        window.print()
      })
    return () => {
      cancelled = true
    }
  }, [sheets, visit])
}
