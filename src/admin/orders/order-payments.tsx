import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminOrder, OrderPayment, RefundBody } from '../../contract/admin-orders'
import { type MessageKey, msg, t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { methodName } from './order-labels'
import { orderKeys, ordersApi } from './orders-api'

const stateLabels: Record<OrderPayment['state'], MessageKey> = {
  created: msg('admin-orders.payment-state-created'),
  executing: msg('admin-orders.payment-state-executing'),
  completed: msg('admin-orders.payment-state-completed'),
  failed: msg('admin-orders.payment-state-failed'),
  cancelled: msg('admin-orders.payment-state-cancelled'),
}

const cents = (amount: number) => Math.round(amount * 100)

/**
 * The order's online payments as the gateway recorded them (transaction, wallet, refunds), and for owners
 * and managers a refund of what is left of the completed one.
 */
export function OrderPayments({ order, canRefund }: { order: AdminOrder; canRefund: boolean }) {
  if (order.payments.length === 0) return null
  const completed = order.payments.find((payment) => payment.state === 'completed')
  const left = completed ? (cents(completed.amount) - cents(completed.refunded)) / 100 : 0
  return (
    <section className="admin-panel" aria-labelledby="order-payments-title">
      <h2 id="order-payments-title">{t('admin-orders.payments')}</h2>
      <ul className="order-payments">
        {order.payments.map((payment) => (
          <li key={payment.reference}>
            <strong>
              {t('admin-orders.payment-line', {
                method: methodName(payment.provider),
                amount: taka(payment.amount),
                state: t(stateLabels[payment.state]),
              })}
            </strong>
            {payment.transactionId && (
              <span>{t('admin-orders.payment-trx', { id: payment.transactionId })}</span>
            )}
            {payment.payer && <span>{t('admin-orders.payment-payer', { wallet: payment.payer })}</span>}
            {payment.refunded > 0 && (
              <span>{t('admin-orders.payment-refunded', { amount: taka(payment.refunded) })}</span>
            )}
            {payment.detail && payment.state !== 'completed' && <small>{payment.detail}</small>}
          </li>
        ))}
      </ul>
      {canRefund && completed && left > 0 && <RefundForm order={order} left={left} />}
    </section>
  )
}

function RefundForm({ order, left }: { order: AdminOrder; left: number }) {
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState(String(left))
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [status, setStatus] = useState<string | null>(null)
  const refund = useMutation({
    mutationFn: (body: RefundBody) => ordersApi.refund(order.id, body),
    meta: { silent: true },
    onMutate: () => {
      setErrors(noErrors)
      setStatus(null)
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKeys.detail(order.id), answer.order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
      setReason('')
      setStatus(
        answer.state === 'completed' ? t('admin-orders.refund-done') : t('admin-orders.refund-requested'),
      )
    },
    onError: (failure) => setErrors(formErrors(failure, ['amount', 'reason'])),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    refund.mutate({ amount: Number(amount), reason })
  }
  return (
    <form className="admin-stack" onSubmit={submit} noValidate>
      <h3>{t('admin-orders.refund')}</h3>
      <p>{t('admin-orders.refund-left', { amount: taka(left) })}</p>
      <Field
        label={t('admin-orders.refund-amount')}
        type="number"
        inputMode="decimal"
        min={0}
        max={left}
        step="0.01"
        value={amount}
        error={errors.fields.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Field
        label={t('admin-orders.refund-reason')}
        value={reason}
        maxLength={200}
        error={errors.fields.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={errors.form} />
      <button type="submit" className="button" disabled={refund.isPending}>
        {t('admin-orders.refund-send')}
      </button>
      <LiveStatus message={status} />
    </form>
  )
}
