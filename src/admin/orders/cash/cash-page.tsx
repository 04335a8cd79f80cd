import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ChangeEvent, useId, useState } from 'react'
import { COD_PAYOUT_MAX_BYTES, type CodPayout } from '../../../contract/admin-cod-cash'
import { figure, t, taka } from '../../../i18n'
import { FormAlert, LiveStatus } from '../../form-parts'
import { adminLink } from '../../links'
import { AdminTable } from '../../list/admin-table'
import { Loading, LoadProblem } from '../../shell/status-pages'
import { placedAt } from '../order-labels'
import { orderKeys } from '../orders-api'
import { cashApi, cashKeys, cashWaitingQuery } from './cash-api'

const courierNames = { pathao: 'Pathao', steadfast: 'Steadfast' } as const

/**
 * `/admin/orders/cash`: the cash couriers still hold for the shop (delivered orders, oldest first, with their age),
 * and a courier's payout statement read, checked and recorded.
 */
export function CashPage() {
  const waiting = useQuery(cashWaitingQuery)
  return (
    <div className="admin-page cash-page">
      <Link {...adminLink('orders')} className="admin-back">
        {t('admin-orders.back')}
      </Link>
      <h1>{t('admin-orders.cash-page-title')}</h1>
      <PayoutUpload />
      <section aria-labelledby="cash-waiting-title">
        <h2 id="cash-waiting-title">{t('admin-orders.cash-waiting')}</h2>
        {waiting.isPending ? (
          <Loading />
        ) : waiting.isError ? (
          <LoadProblem error={waiting.error} onRetry={() => void waiting.refetch()} />
        ) : (
          <>
            <p data-testid="cash-waiting-total">
              {t('admin-orders.cash-waiting-total', {
                count: waiting.data.total.orders,
                shown: figure(waiting.data.total.orders),
                amount: taka(waiting.data.total.amount),
              })}
            </p>
            <AdminTable
              caption={t('admin-orders.cash-waiting')}
              className="cash-waiting"
              rows={waiting.data.orders}
              rowKey={(order) => order.id}
              busy={waiting.isFetching}
              empty={t('admin-orders.cash-none')}
              columns={[
                {
                  header: t('admin-orders.order'),
                  cell: (order) => (
                    <>
                      <Link {...adminLink(`orders/${order.id}`)}>{order.number}</Link>{' '}
                      <small>{order.customerName}</small>
                    </>
                  ),
                },
                {
                  header: t('admin-orders.courier'),
                  label: t('admin-orders.courier'),
                  cell: (order) => (order.courier ? courierNames[order.courier] : '—'),
                },
                {
                  header: t('admin-orders.cash-delivered'),
                  label: t('admin-orders.cash-delivered'),
                  cell: (order) => placedAt(order.deliveredAt),
                },
                {
                  header: t('admin-orders.cash-days'),
                  label: t('admin-orders.cash-days'),
                  cell: (order) => figure(order.days),
                },
                {
                  header: t('admin-orders.cash-amount'),
                  label: t('admin-orders.cash-amount'),
                  cell: (order) => taka(order.collected),
                },
              ]}
            />
          </>
        )}
      </section>
    </div>
  )
}

/** A payout statement: read in the browser, checked by the server (a dry run), then recorded. */
function PayoutUpload() {
  const queryClient = useQueryClient()
  const fileId = useId()
  const [csv, setCsv] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const check = useMutation({
    mutationFn: (text: string) => cashApi.payout(text, true),
    meta: { silent: true },
  })
  const record = useMutation({
    mutationFn: (text: string) => cashApi.payout(text, false),
    meta: { silent: true },
    onSuccess: (answer) => {
      setCsv(null)
      check.reset()
      setDone(
        t('admin-orders.cash-payout-done', {
          count: answer.totals.orders,
          shown: figure(answer.totals.orders),
          amount: taka(answer.totals.paidOut),
        }),
      )
      void queryClient.invalidateQueries({ queryKey: cashKeys.waiting() })
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
    },
  })

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    setProblem(null)
    setDone(null)
    record.reset()
    if (!file) return
    if (file.size > COD_PAYOUT_MAX_BYTES) {
      setProblem(t('admin-orders.cash-file-too-big'))
      return
    }
    const text = await file.text()
    setCsv(text)
    check.mutate(text)
  }
  const preview = check.data
  const failed = check.error ?? record.error
  return (
    <section className="admin-panel" aria-labelledby="cash-payout-title">
      <h2 id="cash-payout-title">{t('admin-orders.cash-payout-title')}</h2>
      <p>{t('admin-orders.cash-payout-intro')}</p>
      <div className="auth-field">
        <label htmlFor={fileId}>{t('admin-orders.cash-payout-file')}</label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} />
      </div>
      <FormAlert message={problem ?? failed?.message ?? null} />
      {check.isPending && <p role="status">{t('admin-orders.working')}</p>}
      {preview && <PayoutPreview payout={preview} />}
      {preview && csv && preview.settled.length > 0 && (
        <button
          type="button"
          className="button"
          disabled={record.isPending}
          onClick={() => record.mutate(csv)}
        >
          {record.isPending
            ? t('admin-orders.working')
            : t('admin-orders.cash-payout-record', {
                count: preview.totals.orders,
                shown: figure(preview.totals.orders),
              })}
        </button>
      )}
      <LiveStatus message={done} />
    </section>
  )
}

function PayoutPreview({ payout }: { payout: CodPayout }) {
  return (
    <div className="cash-preview" data-testid="cash-preview">
      <p>
        {t('admin-orders.cash-payout-summary', {
          count: payout.totals.orders,
          shown: figure(payout.totals.orders),
          collected: taka(payout.totals.collected),
          charges: taka(payout.totals.charges),
          paid: taka(payout.totals.paidOut),
        })}
      </p>
      {payout.problems.length > 0 && (
        <>
          <h3>{t('admin-orders.cash-payout-problems')}</h3>
          <ul>
            {payout.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>
                {t('admin-orders.cash-payout-line', { line: figure(problem.line), message: problem.message })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
