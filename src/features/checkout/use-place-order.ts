import { useRef, useState } from 'react'
import type { Order, OrderCreateBody } from '../../contract/orders'
import { ApiRequestError } from '../../lib/api'
import { placeOrder } from './checkout-api'
import { checkoutKey } from './idempotency-key'

export const OFFLINE_ORDER_TEXT =
  'You are offline. Placing an order needs a connection — your details are kept, try again when you are back online.'

export type FieldErrors = Record<string, string[]>

/**
 * Sends the order once per tap, under the key made when checkout opened, and keeps what the server
 * said about it: per-field errors and the problem shown above Place Order.
 */
export function usePlaceOrder(onPlaced: (order: Order) => Promise<void>) {
  const [key] = useState(checkoutKey)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const inFlight = useRef(false)

  async function place(body: OrderCreateBody) {
    if (inFlight.current) return
    inFlight.current = true
    setSubmitting(true)
    setProblem(null)
    try {
      await onPlaced(await placeOrder(body, key))
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.offline) setProblem(OFFLINE_ORDER_TEXT)
        else {
          setErrors(error.fields)
          setProblem(error.status === 409 ? 'Some items cannot be ordered as they are:' : error.message)
        }
      } else setProblem('Something went wrong')
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
  }

  return { errors, problem, submitting, place }
}
