import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminOrderRow } from '../../contract/admin-orders'
import { COURIER_LABELS, type CourierName, SHIP_LIMIT } from '../../contract/couriers'
import { figure, t } from '../../i18n'
import { couriersApi, couriersQuery } from '../couriers-api'
import { formErrors } from '../form-errors'
import { skippedText } from './order-shipping'
import { orderKeys } from './orders-api'

type Props = {
  selected: number[]
  rows: readonly AdminOrderRow[]
  onDone: () => void
}

/**
 * "Send to Pathao / Steadfast" for the chosen orders (inside the list's bulk bar): one booking queued per
 * confirmed or packed order; the others are named with why they were left.
 */
export function OrderShipBulk({ selected, rows, onDone }: Props) {
  const queryClient = useQueryClient()
  const couriers = useQuery(couriersQuery)
  const [result, setResult] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const run = useMutation({
    mutationFn: (courier: CourierName) => couriersApi.ship({ ids: selected, courier }),
    meta: { silent: true },
    onMutate: () => {
      setResult(null)
      setProblem(null)
    },
    onSuccess: (answer, courier) => {
      const numberOf = (id: number) => rows.find((row) => row.id === id)?.number ?? `#${figure(id)}`
      const queued = t('admin-couriers.queued-many', {
        count: answer.queued,
        shown: figure(answer.queued),
        courier: COURIER_LABELS[courier],
      })
      setResult([queued, skippedText(answer, numberOf)].filter(Boolean).join(' '))
      onDone()
      void queryClient.invalidateQueries({ queryKey: orderKeys.all() })
    },
    onError: (failure) => {
      const { fields, form } = formErrors(failure, [])
      setProblem(form ?? Object.values(fields)[0] ?? null)
    },
  })

  const ready = (couriers.data ?? []).filter((courier) => courier.configured)
  if (ready.length === 0) return null
  const none = selected.length === 0
  return (
    <>
      {ready.map((courier) => (
        <button
          key={courier.name}
          type="button"
          className="button"
          disabled={none || run.isPending || selected.length > SHIP_LIMIT}
          onClick={() => run.mutate(courier.name)}
        >
          {t('admin-couriers.bulk-send', { courier: courier.label })}
        </button>
      ))}
      {problem && (
        <p className="auth-error order-bulk__note" role="alert">
          {problem}
        </p>
      )}
      <p className="admin-status order-bulk__note" role="status">
        {run.isPending ? t('admin-couriers.sending') : result}
      </p>
    </>
  )
}
