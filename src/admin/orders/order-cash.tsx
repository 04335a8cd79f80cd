import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminOrder } from '../../contract/admin-orders'
import { toLatinDigits } from '../../contract/digits'
import { t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { cashApi } from './cash/cash-api'
import { placedAt } from './order-labels'
import { orderKeys } from './orders-api'

const amountOf = (text: string) => {
  const value = toLatinDigits(text.trim())
  return /^\d{1,8}(\.\d{1,2})?$/.test(value) ? Number(value) : null
}

/**
 * The cash the courier collected for a delivered order: still with the courier, or paid out (what it kept, and
 * when); owners and managers record its payout here when it came without a statement.
 */
export function OrderCash({ order, canSettle }: { order: AdminOrder; canSettle: boolean }) {
  const queryClient = useQueryClient()
  const cash = order.cash
  const [collected, setCollected] = useState(String(cash?.collected ?? ''))
  const [charges, setCharges] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const settle = useMutation({
    mutationFn: (body: { collected: number; charges: number }) =>
      cashApi.settle(order.id, { ...body, version: order.version }),
    meta: { silent: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(orderKeys.detail(order.id), updated)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
      setDone(t('admin-orders.cash-recorded'))
    },
  })
  if (!cash) return null
  const errors = settle.error ? formErrors(settle.error, ['collected', 'charges']) : noErrors
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const got = amountOf(collected)
    const kept = charges.trim() === '' ? 0 : amountOf(charges)
    if (got === null || kept === null) return
    settle.mutate({ collected: got, charges: kept })
  }
  return (
    <section className="admin-panel" aria-labelledby="order-cash-title">
      <h2 id="order-cash-title">{t('admin-orders.cash-title')}</h2>
      {cash.settledAt ? (
        <p data-testid="order-cash">
          {t('admin-orders.cash-settled', {
            at: placedAt(cash.settledAt),
            collected: taka(cash.collected),
            charges: taka(cash.charges),
          })}
        </p>
      ) : (
        <>
          <p data-testid="order-cash">
            {t('admin-orders.cash-with-courier', { amount: taka(cash.collected) })}
          </p>
          {canSettle && (
            <form className="admin-stack" onSubmit={submit} noValidate>
              <Field
                label={t('admin-orders.cash-collected')}
                inputMode="decimal"
                autoComplete="off"
                maxLength={11}
                value={collected}
                onChange={(event) => setCollected(event.target.value)}
                error={
                  errors.fields.collected ??
                  (amountOf(collected) === null ? t('admin-orders.take-need-amount') : null)
                }
              />
              <Field
                label={t('admin-orders.cash-charges')}
                inputMode="decimal"
                autoComplete="off"
                maxLength={11}
                value={charges}
                onChange={(event) => setCharges(event.target.value)}
                error={errors.fields.charges}
              />
              <FormAlert message={errors.form} />
              <button type="submit" className="button button--small" disabled={settle.isPending}>
                {settle.isPending ? t('admin-orders.working') : t('admin-orders.cash-record')}
              </button>
            </form>
          )}
        </>
      )}
      <LiveStatus message={done} />
    </section>
  )
}
