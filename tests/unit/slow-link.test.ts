// @vitest-environment happy-dom
import { get, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { apiGet, isSlowError, isUnreachable, SlowConnectionError, withDeadline } from '../../src/lib/api'
import { isLinkSlow, onLinkBack, reportAnswer } from '../../src/lib/link'
import { changeOutbox, ORDER_OUTBOX_KEY, type OutboxOrder, readOutbox } from '../../sw/protocol/order-outbox'

/**
 * The network stands in as fetch: one that never answers (the link is up, nothing comes back) and one
 * that answers. Everything above it — deadlines, the typed error, the link state, the probe — is ours.
 */
function hangingFetch() {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal
        // as fetch does: a signal already aborted rejects at once
        if (signal?.aborted) reject(signal.reason)
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      }),
  )
}

const answering = () =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } }),
  )

describe('a request on a link that answers nothing', () => {
  beforeEach(() => reportAnswer())
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('gives up at its deadline with the typed slow error, and the link counts as slow until an answer', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const started = Date.now()
    const failure = await apiGet('/anything', z.object({ ok: z.boolean() }), { deadline: 60 }).catch(
      (error: unknown) => error,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(failure).toBeInstanceOf(SlowConnectionError)
    expect(isSlowError(failure)).toBe(true)
    expect(isUnreachable(failure)).toBe(true)
    expect((failure as SlowConnectionError).offline).toBe(false)
    expect((failure as Error).message).toBe('The connection is too slow right now. Try again.')
    expect(isLinkSlow()).toBe(true)

    const back = vi.fn()
    const stop = onLinkBack(back)
    vi.stubGlobal('fetch', answering())
    await expect(apiGet('/anything', z.object({ ok: z.boolean() }))).resolves.toEqual({ ok: true })
    expect(isLinkSlow()).toBe(false)
    expect(back).toHaveBeenCalledTimes(1)
    stop()
  })

  it('keeps the caller’s own cancel apart from the deadline', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const caller = new AbortController()
    const pending = apiGet('/anything', z.object({ ok: z.boolean() }), {
      signal: caller.signal,
      deadline: 5_000,
    })
    caller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(isLinkSlow()).toBe(false)
  })

  it('joins a signal with a deadline: whichever comes first cancels', async () => {
    const early = new AbortController()
    const joined = withDeadline(early.signal, 10_000)
    early.abort(new Error('left the page'))
    expect(joined.aborted).toBe(true)
    expect((joined.reason as Error).message).toBe('left the page')

    const timed = withDeadline(new AbortController().signal, 20)
    await new Promise((resolve) => timed.addEventListener('abort', resolve, { once: true }))
    expect((timed.reason as DOMException).name).toBe('TimeoutError')
  })
})

const entry = (key: string): OutboxOrder => ({
  key,
  url: '/api/v1/orders',
  headers: { 'idempotency-key': key },
  body: '{}',
  createdAt: 1,
  attempts: 0,
  state: 'waiting',
})

describe('the order outbox on this device', () => {
  beforeEach(() => set(ORDER_OUTBOX_KEY, []))

  it('adds, changes and removes one order by its key', async () => {
    await changeOutbox('a', () => entry('a'))
    await changeOutbox('b', () => entry('b'))
    await changeOutbox('a', (current) => (current ? { ...current, attempts: current.attempts + 1 } : null))
    expect((await readOutbox()).map(({ key, attempts }) => [key, attempts])).toEqual([
      ['b', 0],
      ['a', 1],
    ])
    const left = await changeOutbox('b', () => null)
    expect(left.map(({ key }) => key)).toEqual(['a'])
    expect(await readOutbox()).toEqual(left)
  })

  it('drops what it cannot read and keeps the orders it can', async () => {
    await set(ORDER_OUTBOX_KEY, [entry('kept'), { key: 'no-body' }, 'junk', null])
    expect((await readOutbox()).map(({ key }) => key)).toEqual(['kept'])
    expect(await get(ORDER_OUTBOX_KEY)).toEqual([entry('kept')])

    await set(ORDER_OUTBOX_KEY, '{not json')
    expect(await readOutbox()).toEqual([])
    expect(await get(ORDER_OUTBOX_KEY)).toEqual([])
  })
})
