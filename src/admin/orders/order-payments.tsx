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
  const [decided, setDecided] = useState<string | null>(null)
  if (order.payments.length === 0) return null
  // refunds go through bKash's API; a transfer's money goes back by hand from the shop's wallet
  const completed = order.payments.find(
    (payment) => payment.state === 'completed' && payment.provider === 'bkash',
  )
  const toVerify = order.payments.find(
    (payment) => payment.state === 'created' && payment.provider.startsWith('transfer-'),
  )
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
      {toVerify && order.paymentStatus === 'to_verify' && (
        <TransferCheck order={order} payment={toVerify} onDecided={setDecided} />
      )}
      {/* said here: the check's buttons are gone once it is decided */}
      <LiveStatus message={decided} />
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

/** A transfer the shopper says was sent: the staff look for it in the wallet and say whether it came. */
function TransferCheck({
  order,
  payment,
  onDecided,
}: {
  order: AdminOrder
  payment: OrderPayment
  onDecided: (status: string | null) => void
}) {
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<string | null>(null)
  const decide = useMutation({
    mutationFn: (decision: 'verify' | 'reject') =>
      ordersApi.transfer(order.id, { decision, version: order.version }),
    meta: { silent: true },
    onMutate: () => {
      onDecided(null)
      setProblem(null)
    },
    onSuccess: (answer, decision) => {
      queryClient.setQueryData(orderKeys.detail(order.id), answer)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
      onDecided(
        decision === 'verify' ? t('admin-orders.transfer-verified') : t('admin-orders.transfer-rejected'),
      )
    },
    onError: (failure) => {
      setProblem(formErrors(failure, []).form)
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) })
    },
  })
  return (
    <div className="admin-stack">
      <p>
        {t('admin-orders.transfer-check', {
          amount: taka(payment.amount),
          id: payment.reference,
          wallet: payment.payer ?? '',
        })}
      </p>
      <div className="admin-actions">
        <button
          type="button"
          className="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate('verify')}
        >
          {t('admin-orders.transfer-verify')}
        </button>
        <button
          type="button"
          className="button button--ghost order-actions__danger"
          disabled={decide.isPending}
          onClick={() => decide.mutate('reject')}
        >
          {t('admin-orders.transfer-reject')}
        </button>
      </div>
      <FormAlert message={problem} />
    </div>
  )
}
