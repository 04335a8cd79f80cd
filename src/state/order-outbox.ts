import { proxy } from 'valtio'
import {
  changeOutbox,
  ORDER_OUTBOX_SYNC_TAG,
  type OutboxOrder,
  readOutbox,
} from '../../sw/protocol/order-outbox'
import { API_KEY_HEADER, API_V1 } from '../contract/common'
import { IDEMPOTENCY_HEADER, type Order, type OrderCreateBody, orderResponse } from '../contract/orders'
import { t } from '../i18n'
import { ApiRequestError, apiSend, DEADLINES, isOfflineError } from '../lib/api'
import { env } from '../lib/env'
import { onLinkBack } from '../lib/link'
import { listenToWorker, requestBackgroundSync } from '../lib/pwa'
import { queryClient } from '../lib/query-client'
import { track } from '../lib/track'
import { clearCart } from './cart'
import { forgetCheckoutKey } from './checkout-key'
import { orderKeys, rememberLastOrder } from './orders'

/**
 * Place Order through an outbox: the order is written to IndexedDB before it is sent, and stays there
 * until the server has answered. On a link that answers nothing it is sent again and again under the
 * same idempotency key, from this page, after a reload, or by the worker's background sync, and the
 * server makes exactly one order of it. The shopper sees what waits and may cancel it.
 */

/** When a waiting order's page says it is still trying (from the tap). */
export const STILL_TRYING_AFTER_MS = 15_000
export const stillTryingText = () => t('checkout.still-trying')

export type PendingOrder = { key: string; createdAt: number; attempts: number }

export const orderOutbox = proxy<{
  /** orders on their way, oldest first */
  pending: PendingOrder[]
  /** the last order a resumed attempt placed (the pages showing a pending order move on to it) */
  placed: { number: string } | null
  /** what the server said of a waiting order it refused (stock gone meanwhile, say) */
  refused: string[] | null
}>({ pending: [], placed: null, refused: null })

/** The shopper stopped a waiting order. */
export class OrderCancelled extends Error {
  constructor() {
    super('The order was cancelled on this device')
  }
}

const running = new Map<string, { promise: Promise<Order>; controller: AbortController }>()
const wakers = new Set<() => void>()

/** What the pages show of the outbox: its waiting orders, oldest first. */
function show(entries: OutboxOrder[]): OutboxOrder[] {
  orderOutbox.pending = entries
    .filter((entry) => entry.state === 'waiting')
    .sort((a, b) => a.createdAt - b.createdAt)
    .map(({ key, createdAt, attempts }) => ({ key, createdAt, attempts }))
  return entries
}

/**
 * Changes one stored order and shows the outbox as it now stands. False when this device cannot store it
 * (no IndexedDB in a private window, a full disk): the order is then sent from memory while the page lives.
 */
async function change(key: string, next: Parameters<typeof changeOutbox>[1]): Promise<boolean> {
  try {
    show(await changeOutbox(key, next))
    return true
  } catch {
    return false
  }
}

/** Remembers a placed order as the checkout always has: the confirmation page shows it, a reload too. */
export function recordPlacedOrder(order: Order): void {
  // the ad tags' Purchase, under the event ID the server's own uses (lib/track.ts); an order waiting for its
  // online payment is not a purchase yet: the server reports it once the payment is in, never if it expires
  if (order.status !== 'pending_payment')
    track('Purchase', {
      items: order.lines.map((line) => ({
        id: line.sku,
        name: line.name,
        price: line.unitDiscountedPrice,
        quantity: line.quantity,
      })),
      value: order.totals.total,
      order: order.number,
    })
  rememberLastOrder(order)
  queryClient.setQueryData(orderKeys.byNumber(order.number), order)
  void queryClient.invalidateQueries({ queryKey: orderKeys.list() })
  forgetCheckoutKey()
}

/** Waits for the backoff, cut short when the link answers again or the browser is back online. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      wakers.delete(done)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    wakers.add(done)
    signal.addEventListener('abort', done, { once: true })
  })
}

function wakeAll() {
  for (const wake of [...wakers]) wake()
}

/**
 * Sends a stored order until the server answers; one loop per order, however many callers ask. `stored`:
 * the order is in IndexedDB, so its absence there means another tab cancelled it.
 */
function drive(entry: OutboxOrder, tapped: boolean, stored = true): Promise<Order> {
  const existing = running.get(entry.key)
  if (existing) return existing.promise
  const controller = new AbortController()
  const body = JSON.parse(entry.body) as OrderCreateBody
  const promise = (async () => {
    for (let attempt = 0; ; attempt++) {
      // cancelled meanwhile (in another tab, say): nothing more is sent
      if (stored && attempt > 0 && !(await readOutbox()).some((kept) => kept.key === entry.key)) {
        throw new OrderCancelled()
      }
      try {
        const answer = await apiSend('post', '/orders', body, orderResponse, {
          headers: { [IDEMPOTENCY_HEADER]: entry.key },
          signal: controller.signal,
          deadline: DEADLINES.write,
        })
        await change(entry.key, () => null)
        return answer.data
      } catch (error) {
        if (controller.signal.aborted) throw new OrderCancelled()
        const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500
        // refused, or never left a device that knows it is offline: nothing is on its way
        if (refused || (tapped && attempt === 0 && isOfflineError(error) && !navigator.onLine)) {
          await change(entry.key, () => null)
          throw error
        }
        await change(entry.key, (current) =>
          current ? { ...current, attempts: current.attempts + 1 } : null,
        )
        // the page may be closed before the link is back: the worker sends it then, where it can
        if (attempt === 0) requestBackgroundSync(ORDER_OUTBOX_SYNC_TAG)
        await pause(Math.min(1_000 * 2 ** attempt, 15_000), controller.signal)
        if (controller.signal.aborted) throw new OrderCancelled()
      }
    }
  })()
  running.set(entry.key, { promise, controller })
  void promise.then(
    () => running.delete(entry.key),
    () => running.delete(entry.key),
  )
  return promise
}

/**
 * Place Order: stores the order under its key, then sends it until the server answers. Resolves with the
 * order; rejects with the server's refusal (fields to show), an offline error when nothing could leave
 * the device, or OrderCancelled.
 */
export async function placeThroughOutbox(body: OrderCreateBody, key: string): Promise<Order> {
  const entry: OutboxOrder = {
    key,
    url: `${API_V1}/orders`,
    headers: {
      [API_KEY_HEADER]: env.apiKey,
      [IDEMPOTENCY_HEADER]: key,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
    createdAt: Date.now(),
    attempts: 0,
    state: 'waiting',
  }
  // a stored order under this key is the one the server will make: it is sent, not a second one
  let sending: OutboxOrder = entry
  const stored = await change(key, (current) => {
    sending = current ?? entry
    return sending
  })
  const placed = drive(sending, true, stored)
  // from now on the link coming back wakes the wait at once
  resumeOrderOutbox()
  return placed
}

/** Stops sending a waiting order and forgets it on this device. */
export async function cancelWaitingOrder(key: string): Promise<void> {
  running.get(key)?.controller.abort()
  await change(key, () => null)
}

/** A waiting order placed (or refused) while no page was sending it: the app takes it over. */
async function takeOver(entry: OutboxOrder): Promise<void> {
  // this page is sending it already, and handles whatever comes back
  if (running.has(entry.key)) return
  if (entry.state === 'placed') {
    const parsed = orderResponse.safeParse(entry.answer)
    await change(entry.key, () => null)
    if (parsed.success) finish(parsed.data.data)
    return
  }
  if (entry.state === 'refused') {
    await change(entry.key, () => null)
    const fields = (entry.answer as { error?: Record<string, string[]> } | null)?.error ?? {}
    orderOutbox.refused = Object.values(fields).flat()
    return
  }
  drive(entry, false).then(finish, (error: unknown) => {
    if (error instanceof ApiRequestError) orderOutbox.refused = error.messages
  })
}

function finish(order: Order) {
  recordPlacedOrder(order)
  clearCart()
  orderOutbox.placed = { number: order.number }
}

let resumed = false

/**
 * At start: every order still waiting on this device is sent again (a reload or a closed tab left it),
 * and what the worker's background sync settled meanwhile is taken over.
 */
export function resumeOrderOutbox(): void {
  if (resumed) return
  resumed = true
  const check = () => void readOutbox().then((entries) => Promise.all(show(entries).map(takeOver)))
  check()
  listenToWorker((message) => {
    if (message.type === 'OUTBOX_CHANGED') check()
  })
  onLinkBack(wakeAll)
  window.addEventListener('online', wakeAll)
}
