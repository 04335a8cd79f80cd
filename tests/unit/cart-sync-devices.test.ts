import { describe, expect, it } from 'vitest'
import { mergeCarts } from '../../server/domain/cart-merge'
import type { CartLineInput } from '../../src/contract/cart'
import { readSnapshot, snapshotKey, writeSnapshot } from '../../src/features/cart-sync/cart-snapshot'
import { createCartSync, MERGED_KEY, type ServerCart } from '../../src/features/cart-sync/cart-sync-engine'
import type { ServerLine, SkuFacts } from '../../src/features/cart-sync/cart-sync-merge'
import { ApiRequestError } from '../../src/lib/api'
import { createLocalList, type ListItem } from '../../src/lib/local-list'

const USER = 7

/** The shop's skus: product, code, price and stock. */
const catalogue = new Map<number, SkuFacts & { price: number; stock: number }>([
  [1, { skuId: 1, productId: 1, sku: 'TEE-M', price: 500, stock: 5 }],
  [2, { skuId: 2, productId: 1, sku: 'TEE-L', price: 500, stock: 5 }],
  [5, { skuId: 5, productId: 2, sku: 'CAP', price: 250, stock: 2 }],
])

/** The server cart of one shopper, as the API keeps it (quantities capped at stock). */
class FakeServerCart implements ServerCart {
  lines: ServerLine[] = []
  writes: string[] = []
  reads = 0
  private nextId = 1
  private merges = new Set<string>()

  private cap(skuId: number, quantity: number) {
    return Math.max(1, Math.min(quantity, catalogue.get(skuId)?.stock ?? 1))
  }

  put(skuId: number, quantity: number): ServerLine {
    const sku = catalogue.get(skuId)
    if (!sku) throw new ApiRequestError('This item is no longer available', 404)
    const line = { id: this.nextId++, skuId, productId: sku.productId, quantity: this.cap(skuId, quantity) }
    this.lines.push(line)
    return line
  }

  async list() {
    this.reads += 1
    return this.lines.map((line) => ({ ...line }))
  }
  async add(skuId: number, quantity: number) {
    this.writes.push(`POST ${skuId}`)
    const line = this.lines.find((l) => l.skuId === skuId)
    if (!line) return { ...this.put(skuId, quantity) }
    line.quantity = this.cap(skuId, line.quantity + quantity)
    return { ...line }
  }
  async setQuantity(id: number, quantity: number) {
    this.writes.push(`PATCH ${id}`)
    const line = this.lines.find((l) => l.id === id)
    if (!line) throw new ApiRequestError('Cart item not found', 404)
    line.quantity = this.cap(line.skuId, quantity)
    return { ...line }
  }
  async remove(id: number) {
    this.writes.push(`DELETE ${id}`)
    if (!this.lines.some((l) => l.id === id)) throw new ApiRequestError('Cart item not found', 404)
    this.lines = this.lines.filter((l) => l.id !== id)
  }
  async merge(mergeId: string, lines: CartLineInput[]) {
    this.writes.push('MERGE')
    if (!this.merges.has(mergeId)) {
      this.merges.add(mergeId)
      const stock = new Map([...catalogue].map(([id, s]) => [id, s.stock]))
      for (const merged of mergeCarts(this.lines, lines, stock)) {
        const line = this.lines.find((l) => l.skuId === merged.skuId)
        if (line) line.quantity = merged.quantity
        else this.put(merged.skuId, merged.quantity)
      }
    }
    return this.list()
  }
  quantities() {
    return Object.fromEntries(this.lines.map((l) => [l.skuId, l.quantity]))
  }
}

class MemoryStorage implements Storage {
  private data = new Map<string, string>()
  get length() {
    return this.data.size
  }
  clear() {
    this.data.clear()
  }
  getItem(key: string) {
    return this.data.get(key) ?? null
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.data.delete(key)
  }
  setItem(key: string, value: string) {
    this.data.set(key, value)
  }
}

const item = (skuId: number, quantity: number): ListItem => {
  const sku = catalogue.get(skuId)
  if (!sku) throw new Error(`no sku ${skuId}`)
  return { product_id: sku.productId, sku: sku.sku, quantity, price: sku.price }
}

/** A browser where the shopper is logged in: its own storage, local cart and sync. */
function device(server: ServerCart) {
  const storage = new MemoryStorage()
  const cart = createLocalList('haat_cart', () => storage)
  let online = true
  const offline = () => Promise.reject(new ApiRequestError('You are offline', 0))
  const network: ServerCart = {
    list: () => (online ? server.list() : offline()),
    add: (...a) => (online ? server.add(...a) : offline()),
    setQuantity: (...a) => (online ? server.setQuantity(...a) : offline()),
    remove: (...a) => (online ? server.remove(...a) : offline()),
    merge: (...a) => (online ? server.merge(...a) : offline()),
  }
  const sync = createCartSync({
    userId: USER,
    server: network,
    cart,
    storage,
    skuFacts: async (ids) => [...catalogue.values()].filter((s) => ids.includes(s.productId)),
  })
  return {
    storage,
    sync,
    setOnline: (value: boolean) => {
      online = value
    },
    /** the local cart by sku id */
    lines: () =>
      Object.fromEntries(
        cart.read().items.map((i) => {
          const sku = [...catalogue.values()].find((s) => s.productId === i.product_id && s.sku === i.sku)
          return [sku?.skuId ?? i.sku, i.quantity]
        }),
      ),
    set: (items: ListItem[]) => cart.update(() => items),
    edit: (change: (items: readonly ListItem[]) => ListItem[]) => cart.update(change),
  }
}

/** Two devices where the shopper logged in before (their guest carts already merged). */
async function twoDevices(server = new FakeServerCart()) {
  const a = device(server)
  const b = device(server)
  await a.sync.request('start')
  await b.sync.request('start')
  return { server, a, b }
}

describe('the cart follows the shopper from device to device', () => {
  it('a sku added on one device appears on the other when it comes back into view', async () => {
    const { server, a, b } = await twoDevices()
    a.set([item(1, 2)])
    await a.sync.request('local')
    expect(server.quantities()).toEqual({ 1: 2 })
    expect(b.lines()).toEqual({})
    await b.sync.request('resume')
    expect(b.lines()).toEqual({ 1: 2 })
  })

  it('a new quantity and a removal on one device reach the other', async () => {
    const { server, a, b } = await twoDevices()
    a.set([item(1, 1), item(2, 1)])
    await a.sync.request('local')
    await b.sync.request('resume')
    b.edit((items) => items.filter((i) => i.sku !== 'TEE-L').map((i) => ({ ...i, quantity: 3 })))
    await b.sync.request('local')
    expect(server.quantities()).toEqual({ 1: 3 })
    await a.sync.request('resume')
    expect(a.lines()).toEqual({ 1: 3 })
  })

  it('edits made offline are applied on top of what changed elsewhere meanwhile', async () => {
    const { server, a, b } = await twoDevices()
    a.set([item(1, 1), item(2, 1)])
    await a.sync.request('local')
    await b.sync.request('resume')

    b.setOnline(false)
    b.edit((items) => [...items.filter((i) => i.sku !== 'TEE-M'), item(5, 1)])
    await b.sync.request('local')
    a.edit((items) => items.map((i) => (i.sku === 'TEE-L' ? { ...i, quantity: 4 } : i)))
    await a.sync.request('local')
    expect(server.quantities()).toEqual({ 1: 1, 2: 4 })

    b.setOnline(true)
    await b.sync.request('resume')
    expect(server.quantities()).toEqual({ 2: 4, 5: 1 })
    expect(b.lines()).toEqual({ 2: 4, 5: 1 })
    await a.sync.request('resume')
    expect(a.lines()).toEqual({ 2: 4, 5: 1 })
  })

  it('a sync with nothing to change only reads the server cart', async () => {
    const { server, a } = await twoDevices()
    a.set([item(1, 1)])
    await a.sync.request('local')
    server.writes = []
    const reads = server.reads
    await a.sync.request('resume')
    await a.sync.request('resume')
    expect(server.writes).toEqual([])
    expect(server.reads).toBe(reads + 2)
    await a.sync.request('local')
    expect(server.reads).toBe(reads + 2)
  })

  it('a line removed elsewhere while its quantity changed here comes back with that quantity', async () => {
    const { server, a, b } = await twoDevices()
    a.set([item(1, 1)])
    await a.sync.request('local')
    await b.sync.request('resume')
    b.setOnline(false)
    b.edit(() => [item(1, 3)])
    await b.sync.request('local')
    a.set([])
    await a.sync.request('local')
    expect(server.quantities()).toEqual({})
    b.setOnline(true)
    await b.sync.request('resume')
    expect(server.quantities()).toEqual({ 1: 3 })
  })
})

describe('first login on a device and the stored snapshot', () => {
  it('merges the guest cart once: quantities summed per sku, capped at stock', async () => {
    const server = new FakeServerCart()
    server.put(5, 1)
    server.put(1, 1)
    const phone = device(server)
    phone.set([item(5, 2), item(2, 1)])
    await phone.sync.request('start')
    expect(server.quantities()).toEqual({ 1: 1, 2: 1, 5: 2 })
    expect(phone.lines()).toEqual({ 1: 1, 2: 1, 5: 2 })
    expect(phone.storage.getItem(MERGED_KEY)).toBe(String(USER))
    await phone.sync.request('start')
    await phone.sync.request('resume')
    expect(server.quantities()).toEqual({ 1: 1, 2: 1, 5: 2 })
    expect(server.writes.filter((w) => w === 'MERGE')).toHaveLength(1)
  })

  it.each([
    ['not JSON', '{"user_id":'],
    ['the wrong shape', JSON.stringify({ user_id: USER, lines: [{ skuId: 'x' }] })],
    ['another shopper', JSON.stringify({ user_id: USER + 1, lines: [] })],
  ])('a snapshot that is %s is reset, and the sync keeps every line of both sides', async (_name, text) => {
    const { server, a } = await twoDevices()
    server.put(2, 1)
    a.set([item(1, 2)])
    a.storage.setItem(snapshotKey(USER), text)
    await expect(a.sync.request('resume')).resolves.toBeUndefined()
    expect(server.quantities()).toEqual({ 1: 2, 2: 1 })
    expect(a.lines()).toEqual({ 1: 2, 2: 1 })
    expect(JSON.parse(a.storage.getItem(snapshotKey(USER)) ?? 'null')).toEqual({
      user_id: USER,
      lines: expect.arrayContaining([expect.objectContaining({ skuId: 1, quantity: 2 })]),
    })
  })
})

describe('readSnapshot', () => {
  it.each([
    ['not JSON', '[[['],
    [
      'a negative quantity',
      JSON.stringify({ user_id: USER, lines: [{ skuId: 1, productId: 1, sku: 'A', quantity: -1 }] }),
    ],
    ['null', 'null'],
  ])('removes a key holding %s and answers no snapshot', (_name, text) => {
    const storage = new MemoryStorage()
    storage.setItem(snapshotKey(USER), text)
    expect(readSnapshot(storage, USER)).toBeNull()
    expect(storage.getItem(snapshotKey(USER))).toBeNull()
  })

  it('reads back what was written, and nothing when storage throws', () => {
    const storage = new MemoryStorage()
    const lines = [{ skuId: 1, productId: 1, sku: 'TEE-M', quantity: 2 }]
    writeSnapshot(storage, USER, lines)
    expect(readSnapshot(storage, USER)).toEqual(lines)
    const broken = new MemoryStorage()
    broken.getItem = () => {
      throw new Error('SecurityError')
    }
    expect(readSnapshot(broken, USER)).toBeNull()
  })
})
