import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Order } from '../../src/contract/orders'
import { call, changeSku, type Reply } from './client'
import type { Exit } from './instance'
import { steadyLoad, tally } from './load'
import { clusterForThisFile, freshAddress, freshPhone } from './support'

const cluster = clusterForThisFile()

const GUESTS = 200
const STOCK = 1_000
const address = {
  name: 'Rahim Uddin',
  phone: '01712345678',
  division: 'Dhaka',
  district: 'Dhaka',
  area: 'Dhanmondi',
  street: 'House 12, Road 5',
  landmark: 'Near the lake',
}

type Line = { skuId: number; quantity: number }
type Guest = { key: string; ip: string; phone: string; lines: Line[] }
type Outcome = { guest: Guest; reply?: Reply<{ data: Order }>; failures: string[] }
const byKey = (lines: Line[]) => [...lines].sort((x, y) => x.skuId - y.skuId)

describe('an instance lost or restarted', () => {
  it('makes exactly one order per key for 200 concurrent guests retrying while a is killed halfway', async () => {
    const { lbUrl, instances, adminToken, query, waitUntilBalanced } = cluster()
    const [a] = instances
    const skuIds = (
      await query<{ id: number }>(
        `select distinct on (s.product_id) s.id from skus s join products p on p.id = s.product_id
         where p.status = 'active' order by s.product_id, s.id limit 4`,
      )
    ).map((row) => row.id)
    expect(skuIds).toHaveLength(4)
    for (const skuId of skuIds) await changeSku(lbUrl, adminToken, skuId, { stockQuantity: STOCK })

    const run = randomBytes(4).toString('hex')
    const sku = (i: number) => skuIds[i % skuIds.length] as number
    const guests: Guest[] = Array.from({ length: GUESTS }, (_, i) => ({
      key: `cluster-crash-${run}-${i}`,
      ip: freshAddress(),
      phone: freshPhone('019'),
      lines:
        i % 3 === 0
          ? [
              { skuId: sku(i), quantity: 1 + (i % 2) },
              { skuId: sku(i + 1), quantity: 1 },
            ]
          : [{ skuId: sku(i), quantity: 1 + (i % 3) }],
    }))

    let answers = 0
    let killed: Promise<Exit> | undefined
    // a client sends the same request again, same key, on any failure, until it gets an answer
    async function placeUntilAnswered(guest: Guest): Promise<Outcome> {
      const failures: string[] = []
      const body = {
        lines: guest.lines,
        customer: { name: 'Karim Ahmed', phone: guest.phone, email: '' },
        address: { ...address, phone: guest.phone },
        notes: '',
        paymentMethod: 'cod',
        acceptTerms: true,
      }
      while (failures.length < 50) {
        try {
          const reply = await call<{ data: Order }>(lbUrl, 'POST', 'orders', {
            ip: guest.ip,
            headers: { 'idempotency-key': guest.key },
            body,
            timeoutMs: 15_000,
          })
          if (reply.status < 500) {
            answers += 1
            if (answers === GUESTS / 2) killed = a.kill()
            return { guest, reply, failures }
          }
          const error = (reply.body as { error?: unknown }).error
          failures.push(
            `${reply.status} from ${reply.instance ?? 'the balancer'}${error ? ` ${JSON.stringify(error)}` : ''}`,
          )
        } catch (error) {
          failures.push(
            String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message),
          )
        }
        await sleep(100)
      }
      return { guest, failures }
    }

    try {
      const outcomes = await Promise.all(guests.map(placeUntilAnswered))
      const exit = await killed
      expect(exit?.signal, 'a was killed halfway').toBe('SIGKILL')

      const retried = outcomes.filter((o) => o.failures.length > 0)
      console.log(
        `${GUESTS} guests: final answers ${JSON.stringify(tally(outcomes.map((o) => o.reply?.status)))}, by ${JSON.stringify(tally(outcomes.map((o) => o.reply?.instance)))}; ${retried.length} retried (${retried.reduce((n, o) => n + o.failures.length, 0)} failed tries: ${JSON.stringify(tally(retried.flatMap((o) => o.failures.map((f) => f.slice(0, 80)))))})`,
      )
      const unanswered = outcomes.filter((o) => !o.reply).map((o) => `${o.guest.key}: ${o.failures.at(-1)}`)
      expect(unanswered).toEqual([])
      const refused = outcomes
        .filter((o) => o.reply && o.reply.status !== 201 && o.reply.status !== 200)
        .map((o) => `${o.guest.key}: ${o.reply?.status} ${JSON.stringify(o.reply?.body)}`)
      expect(refused).toEqual([])

      // the database: one order per key, the one its client was told about, with the lines it asked for
      const confirmed = new Map(outcomes.map((o) => [o.guest.key, o.reply?.body.data.id]))
      expect(new Set(confirmed.values()).size).toBe(GUESTS)
      const stored = await query<{ id: number; key: string; lines: Line[] | null }>(
        `select o.id, o.idempotency_key as key,
                (select json_agg(json_build_object('skuId', l.sku_id, 'quantity', l.quantity))
                   from order_lines l where l.order_id = o.id) as lines
         from orders o where o.idempotency_key like $1`,
        [`cluster-crash-${run}-%`],
      )
      expect(stored).toHaveLength(GUESTS)
      for (const row of stored) expect(row.id, `the order of ${row.key}`).toBe(confirmed.get(row.key))
      const asked = new Map(guests.map((g) => [g.key, byKey(g.lines)]))
      for (const row of stored)
        expect(byKey(row.lines ?? []), `the lines of ${row.key}`).toEqual(asked.get(row.key))
      const empty = await query(
        'select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
      )
      expect(empty).toEqual([])

      // stock: what was there, less what these orders took
      const sold = new Map<number, number>()
      for (const line of guests.flatMap((g) => g.lines))
        sold.set(line.skuId, (sold.get(line.skuId) ?? 0) + line.quantity)
      const stock = await query<{ id: number; stock_quantity: number }>(
        'select id, stock_quantity from skus where id = any($1)',
        [skuIds],
      )
      expect(Object.fromEntries(stock.map((s) => [s.id, s.stock_quantity]))).toEqual(
        Object.fromEntries(skuIds.map((id) => [id, STOCK - (sold.get(id) ?? 0)])),
      )
    } finally {
      // back to two instances for what follows
      await killed
      if (!a.running) await a.start()
      await waitUntilBalanced('a')
    }
  })

  it('answers every request of a steady 50 requests/s while a, then b, restarts', async () => {
    const { lbUrl, instances, balancer, query, waitUntilBalanced } = cluster()
    expect(await balancer.states()).toMatchObject({ a: 'UP', b: 'UP' })
    const slugs = await query<{ slug: string }>(
      `select slug from products where status = 'active' order by id limit 60`,
    )
    const categories = await query<{ slug: string }>('select slug from categories order by id limit 8')
    const paths = [
      ...slugs.map(({ slug }) => `/api/v1/product/storefront/${slug}`),
      ...categories.flatMap(({ slug }) =>
        [1, 2].map(
          (page) =>
            `/api/v1/product/storefront?perPage=24&currentPage=${page}&filters=${encodeURIComponent(JSON.stringify({ category: slug }))}`,
        ),
      ),
      '/api/v1/product/storefront?perPage=24',
    ]

    const load = steadyLoad(lbUrl, paths, 50)
    await sleep(1_000)
    const exits: Record<string, Exit> = {}
    for (const instance of instances) {
      exits[instance.name] = await instance.stop('SIGTERM')
      load.mark(`${instance.name} stopped`)
      await instance.start()
      await waitUntilBalanced(instance.name)
      load.mark(`${instance.name} back`)
    }
    await sleep(1_000)
    const results = await load.stop()

    console.log(load.summary())
    const failed = results
      .filter((r) => r.status !== 200)
      .map((r) => `${r.at} ms ${r.path}: ${r.status ?? r.error}`)
    expect(failed).toEqual([])
    // 50 a second over the whole restart: nothing was skipped by the load itself
    expect(results.length).toBeGreaterThanOrEqual(Math.floor(load.seconds() * 50) - 1)
    expect(new Set(results.map((r) => r.instance))).toEqual(new Set(['a', 'b']))
    // a graceful stop ends with exit code 0
    expect(exits).toEqual({ a: { code: 0, signal: null }, b: { code: 0, signal: null } })
  })
})
