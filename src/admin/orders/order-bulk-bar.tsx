import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import {
  type AdminOrderRow,
  type BulkStatusBody,
  type BulkStatusResult,
  ORDER_PRINT_LIMIT,
} from '../../contract/admin-orders'
import { figure, t } from '../../i18n'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { statusName } from './order-labels'
import { OrderShipBulk } from './order-ship-bulk'
import { downloadOrdersCsv, exportPath, orderKeys, ordersApi } from './orders-api'
import { orderPrintLink, type PrintLayout } from './print/print-link'

type Props = {
  selected: number[]
  rows: readonly AdminOrderRow[]
  /** the list's filters, for an export of everything they match */
  filters: Record<string, string | number>
  onDone: () => void
}

/**
 * Confirm or pack the chosen orders at once, print their invoices or labels, or download them (or all the
 * filters match) as a CSV.
 */
export function OrderBulkBar({ selected, rows, filters, onDone }: Props) {
  const queryClient = useQueryClient()
  const [result, setResult] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const navigate = useNavigate()
  // the chosen orders print in the list's order
  const print = (layout: PrintLayout) => {
    const ids = rows.filter((row) => selected.includes(row.id)).map((row) => row.id)
    void navigate(orderPrintLink(ids, layout))
  }

  const run = useMutation({
    mutationFn: (to: BulkStatusBody['to']) => ordersApi.bulk({ ids: selected, to }),
    meta: { silent: true },
    onMutate: () => {
      setResult(null)
      setProblem(null)
    },
    onSuccess: (answer) => {
      setResult(resultText(answer, rows))
      onDone()
      void queryClient.invalidateQueries({ queryKey: orderKeys.all() })
    },
    onError: (failure) => {
      const { fields, form } = formErrors(failure, [])
      setProblem(form ?? Object.values(fields)[0] ?? null)
    },
  })

  const exportCsv = async () => {
    setExporting(true)
    setProblem(null)
    setResult(null)
    try {
      await downloadOrdersCsv(exportPath(filters, selected), 'orders.csv')
      setResult(t('admin-orders.exported'))
    } catch {
      setProblem(t('admin-orders.export-failed'))
    } finally {
      setExporting(false)
    }
  }

  const none = selected.length === 0
  return (
    <>
      <fieldset className="order-bulk">
        <legend className="visually-hidden">{t('admin-orders.bulk')}</legend>
        <p className="order-bulk__count">
          {t('admin-orders.selected', { count: selected.length, shown: figure(selected.length) })}
        </p>
        <button
          type="button"
          className="button"
          disabled={none || run.isPending}
          onClick={() => run.mutate('confirmed')}
        >
          {t('admin-orders.bulk-confirm')}
        </button>
        <button
          type="button"
          className="button"
          disabled={none || run.isPending}
          onClick={() => run.mutate('packed')}
        >
          {t('admin-orders.bulk-pack')}
        </button>
        <OrderShipBulk selected={selected} rows={rows} onDone={onDone} />
        <button
          type="button"
          className="button button--ghost"
          disabled={none || selected.length > ORDER_PRINT_LIMIT}
          onClick={() => print('invoice')}
        >
          {t('admin-orders.print-invoices-chosen')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={none || selected.length > ORDER_PRINT_LIMIT}
          onClick={() => print('label')}
        >
          {t('admin-orders.print-labels-chosen')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {none
            ? t('admin-orders.export-filtered')
            : t('admin-orders.export-selected', { count: selected.length, shown: figure(selected.length) })}
        </button>
      </fieldset>
      <FormAlert message={problem} />
      <LiveStatus message={run.isPending || exporting ? t('admin-orders.working') : result} />
    </>
  )
}

/** "3 orders changed. 1 skipped: HT-261125-ABCDE (Shipped)" */
function resultText(answer: BulkStatusResult, rows: readonly AdminOrderRow[]): string {
  const changed = t('admin-orders.result-changed', { count: answer.changed, shown: figure(answer.changed) })
  if (answer.skipped.length === 0) return changed
  const names = answer.skipped
    .map(({ id, status }) => {
      const number = rows.find((row) => row.id === id)?.number ?? `#${figure(id)}`
      return t('admin-orders.skipped-one', { number, status: statusName(status) })
    })
    .join(', ')
  return t('admin-orders.result-skipped', {
    changed,
    count: answer.skipped.length,
    shown: figure(answer.skipped.length),
    names,
  })
}
