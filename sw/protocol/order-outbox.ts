import { get, set, update } from 'idb-keyval'

/**
 * The orders this device placed that the server has not confirmed yet, kept in IndexedDB so a closed tab,
 * a reload or a worker's background sync sends them again. Every attempt of one order carries the same
 * idempotency key, so however often and from wherever it is sent, the server makes one order. This file is
 * compiled twice (the page's tsconfig and the worker's), so it uses no DOM- or worker-only types.
 */

export const ORDER_OUTBOX_KEY = 'haat-order-outbox'
/** The Background Sync tag under which the worker sends what waits in the outbox. */
export const ORDER_OUTBOX_SYNC_TAG = 'haat-order-outbox'

export type OutboxOrder = {
  /** the idempotency key, also the entry's identity */
  key: string
  /** the request, exactly as the page first sent it */
  url: string
  headers: Record<string, string>
  body: string
  createdAt: number
  /** attempts that got no answer yet */
  attempts: number
  /**
   * `waiting`: no answer yet; `placed` and `refused`: the server answered (a worker's background sync,
   * while no page was open) and `answer` holds what it said, for the page to take over
   */
  state: 'waiting' | 'placed' | 'refused'
  status?: number
  answer?: unknown
}

const STATES: ReadonlySet<string> = new Set(['waiting', 'placed', 'refused'])

function isOutboxOrder(value: unknown): value is OutboxOrder {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.key === 'string' &&
    typeof entry.url === 'string' &&
    typeof entry.body === 'string' &&
    typeof entry.headers === 'object' &&
    entry.headers !== null &&
    typeof entry.createdAt === 'number' &&
    typeof entry.attempts === 'number' &&
    typeof entry.state === 'string' &&
    STATES.has(entry.state)
  )
}

/** What is stored, each entry checked; anything unreadable is dropped rather than breaking the app. */
function readable(value: unknown): OutboxOrder[] {
  return Array.isArray(value) ? value.filter(isOutboxOrder) : []
}

export async function readOutbox(): Promise<OutboxOrder[]> {
  try {
    const stored: unknown = await get(ORDER_OUTBOX_KEY)
    const entries = readable(stored)
    if (stored !== undefined && (!Array.isArray(stored) || entries.length !== stored.length)) {
      await set(ORDER_OUTBOX_KEY, entries)
    }
    return entries
  } catch {
    return []
  }
}

/**
 * Changes one entry (or adds it); `change` returning null removes it. One IndexedDB transaction; resolves
 * with every entry as it now stands.
 */
export async function changeOutbox(
  key: string,
  change: (entry: OutboxOrder | undefined) => OutboxOrder | null,
): Promise<OutboxOrder[]> {
  let now: OutboxOrder[] = []
  await update<unknown>(ORDER_OUTBOX_KEY, (stored) => {
    const entries = readable(stored)
    const next = change(entries.find((entry) => entry.key === key))
    const others = entries.filter((entry) => entry.key !== key)
    now = next ? [...others, next] : others
    return now
  })
  return now
}

/**
 * Sends one waiting order as it was first sent (the worker's way; the page goes through its API client)
 * and keeps the server's answer on the entry. Throws when no answer came, so a sync is tried again later.
 */
export async function sendFromOutbox(entry: OutboxOrder, timeoutMs: number): Promise<void> {
  const response = await fetch(entry.url, {
    method: 'POST',
    headers: entry.headers,
    body: entry.body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  })
  // a server error may come from a proxy in between: the order may or may not exist, so ask again later
  if (response.status >= 500) throw new Error(`order answered ${response.status}`)
  const answer: unknown = await response.json().catch(() => null)
  const state = response.ok ? 'placed' : 'refused'
  await changeOutbox(entry.key, (current) =>
    current && current.state === 'waiting'
      ? { ...current, state, status: response.status, answer }
      : (current ?? null),
  )
}
