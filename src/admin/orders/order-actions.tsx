import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AdminOrder, StatusChangeBody } from '../../contract/admin-orders'
import type { OrderStatus } from '../../contract/orders'
import { type MessageKey, msg, t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { CancelDialog, ReturnDialog, ShipDialog } from './order-move-dialogs'
import { orderKeys, ordersApi } from './orders-api'

/** The moves that ask for more (a courier, a reason, the lines that came back) open a dialog. */
type DialogMove = 'shipped' | 'cancelled' | 'returned'
const withDialog = (to: OrderStatus): to is DialogMove =>
  to === 'shipped' || to === 'cancelled' || to === 'returned'

const moveLabels: Record<OrderStatus, MessageKey> = {
  pending_payment: msg('admin-orders.status-pending-payment'),
  pending: msg('admin-orders.status-pending'),
  confirmed: msg('admin-orders.move-confirm'),
  packed: msg('admin-orders.move-pack'),
  shipped: msg('admin-orders.move-ship'),
  delivered: msg('admin-orders.move-deliver'),
  cancelled: msg('admin-orders.move-cancel'),
  returned: msg('admin-orders.move-return'),
}
const movedLabels: Partial<Record<OrderStatus, MessageKey>> = {
  confirmed: msg('admin-orders.moved-confirmed'),
  packed: msg('admin-orders.moved-packed'),
  shipped: msg('admin-orders.moved-shipped'),
  delivered: msg('admin-orders.moved-delivered'),
  cancelled: msg('admin-orders.moved-cancelled'),
  returned: msg('admin-orders.moved-returned'),
}

/** The form fields each dialog has, so the server's messages about them show beside them. */
const FIELDS = ['courier', 'trackingNumber', 'reason', 'lines']

/**
 * The order's next moves as buttons. Each carries the version the page was read at: when someone else
 * changed the order since, the server says who and when, the order is read again, and the dialog keeps what
 * was typed so the move can be sent again if it still applies.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<DialogMove | null>(null)
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [conflict, setConflict] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const closeDialog = useCallback(() => {
    setDialog(null)
    setErrors(noErrors)
  }, [])

  const move = useMutation({
    mutationFn: (body: StatusChangeBody) => ordersApi.move(order.id, body),
    meta: { silent: true },
    onMutate: () => {
      setStatus(null)
      setConflict(null)
      setErrors(noErrors)
    },
    onSuccess: (answer, body) => {
      queryClient.setQueryData(orderKeys.detail(order.id), answer)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
      setDialog(null)
      const moved = movedLabels[body.to]
      setStatus(moved ? t(moved) : null)
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError && failure.status === 409) {
        setConflict(t('admin-orders.conflict', { changed: failure.message }))
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) })
        return
      }
      setErrors(formErrors(failure, FIELDS))
    },
  })

  // the button pressed is gone once the order moves on: the panel's heading takes the focus
  useEffect(() => {
    if (status) heading.current?.focus()
  }, [status])

  const send = (body: StatusChangeBody) => move.mutate(body)
  const press = (to: OrderStatus) => {
    setStatus(null)
    if (withDialog(to)) {
      setErrors(noErrors)
      setDialog(to)
    } else if (to === 'confirmed' || to === 'packed' || to === 'delivered') {
      send({ to, version: order.version })
    }
  }

  const dialogProps = {
    order,
    busy: move.isPending,
    errors,
    conflict,
    onSend: send,
    onClose: closeDialog,
  }
  return (
    <section className="admin-panel order-actions" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title" ref={heading} tabIndex={-1}>
        {t('admin-orders.actions')}
      </h2>
      {order.next.length > 0 ? (
        <div className="admin-actions">
          {order.next.map((to) => (
            <button
              key={to}
              type="button"
              className={
                to === 'cancelled' || to === 'returned'
                  ? 'button button--ghost order-actions__danger'
                  : 'button'
              }
              disabled={move.isPending}
              aria-haspopup={withDialog(to) ? 'dialog' : undefined}
              onClick={() => press(to)}
            >
              {t(moveLabels[to])}
            </button>
          ))}
        </div>
      ) : (
        <p>{t('admin-orders.no-moves')}</p>
      )}
      {!dialog && (
        <>
          {conflict && (
            <p className="auth-error order-actions__conflict" role="alert">
              {conflict}
            </p>
          )}
          <FormAlert message={errors.form} />
        </>
      )}
      <LiveStatus message={move.isPending ? t('admin-orders.working') : status} />
      {dialog === 'shipped' && <ShipDialog {...dialogProps} />}
      {dialog === 'cancelled' && <CancelDialog {...dialogProps} />}
      {dialog === 'returned' && <ReturnDialog {...dialogProps} />}
    </section>
  )
}
