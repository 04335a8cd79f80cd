import { useRef, useState } from 'react'
import type { Order, OrderCreateBody } from '../../contract/orders'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { checkoutKey } from '../../state/checkout-key'
import {
  cancelWaitingOrder,
  OrderCancelled,
  placeThroughOutbox,
  STILL_TRYING_AFTER_MS,
} from '../../state/order-outbox'

export type FieldErrors = Record<string, string[]>

/**
 * Sends the order once per tap, under the key made when checkout opened, through the on-device outbox
 * (sent again until the server answers), and keeps what the server said about it: per-field errors and
 * the problem shown above Place Order. Past 15 s without an answer it says the order is safe.
 */
export function usePlaceOrder(onPlaced: (order: Order) => Promise<void>) {
  const [key] = useState(checkoutKey)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [stillTrying, setStillTrying] = useState(false)
  const inFlight = useRef(false)

  async function place(body: OrderCreateBody) {
    if (inFlight.current) return
    inFlight.current = true
    setSubmitting(true)
    setProblem(null)
    const timer = setTimeout(() => setStillTrying(true), STILL_TRYING_AFTER_MS)
    try {
      await onPlaced(await placeThroughOutbox(body, key))
    } catch (error) {
      if (error instanceof OrderCancelled) setProblem(t('checkout.cancelled'))
      else if (error instanceof ApiRequestError) {
        if (error.offline) setProblem(t('checkout.offline'))
        else {
          setErrors(error.fields)
          setProblem(error.status === 409 ? t('checkout.lines-refused') : error.message)
        }
      } else setProblem(t('checkout.something-wrong'))
    } finally {
      clearTimeout(timer)
      inFlight.current = false
      setSubmitting(false)
      setStillTrying(false)
    }
  }

  return { errors, problem, submitting, stillTrying, place, cancel: () => void cancelWaitingOrder(key) }
}
