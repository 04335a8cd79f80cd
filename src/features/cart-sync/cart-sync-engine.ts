import type { CartLineInput } from '../../contract/cart'
import { ApiRequestError } from '../../lib/api'
import type { ListItem, LocalList } from '../../lib/local-list'
import { readSnapshot, writeSnapshot } from './cart-snapshot'
import {
  type CartQuantities,
  editedSince,
  localQuantities,
  mergeCartEdits,
  quantitiesOf,
  type ServerLine,
  type SkuDictionary,
  type SkuFacts,
  sameItems,
  serverCartChanges,
  skuDictionary,
  syncedItems,
  syncedLines,
} from './cart-sync-merge'

/** The server cart of storefront §7 as the sync uses it. */
export type ServerCart = {
  list(): Promise<ServerLine[]>
  /** adds to the quantity of a sku already there (capped at stock) */
  add(skuId: number, quantity: number): Promise<ServerLine>
  setQuantity(id: number, quantity: number): Promise<ServerLine>
  remove(id: number): Promise<void>
  /** the login merge: applied once per merge id */
  merge(mergeId: string, lines: CartLineInput[]): Promise<ServerLine[]>
}

export type CartSyncOptions = {
  userId: number
  server: ServerCart
  cart: LocalList
  storage: Storage | undefined
  /** sku facts (with prices) of the given products, from the catalogue */
  skuFacts(productIds: number[]): Promise<SkuFacts[]>
  /** runs one sync at a time across the shopper's tabs */
  exclusive?: (run: () => Promise<void>) => Promise<void>
}

/**
 * start: the app opened for this shopper; resume: the tab is back in view or online again (the
 * server cart is read afresh); local: the local cart changed (the server is asked only when the
 * cart differs from the last sync).
 */
export type SyncReason = 'start' | 'resume' | 'local'

export type CartSync = {
  request(reason: SyncReason): Promise<void>
  stop(): void
}

/** Which device already merged its guest cart into whose server cart. */
export const MERGED_KEY = 'haat_cart_merged_user'
/** The id of this device's guest cart merge: the same one on a retry, so the server applies it once. */
export const MERGE_ID_KEY = 'haat_cart_merge_id'

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(storage: Storage | undefined, key: string, value: string | null) {
  try {
    if (value === null) storage?.removeItem(key)
    else storage?.setItem(key, value)
  } catch {
    // storage refused: the guest merge runs again next time, harmless thanks to its merge id
  }
}

function mergeId(storage: Storage | undefined): string {
  const stored = read(storage, MERGE_ID_KEY)
  if (stored) return stored
  const created = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
  write(storage, MERGE_ID_KEY, created)
  return read(storage, MERGE_ID_KEY) ?? created
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404

/**
 * Keeps a logged-in shopper's server cart (the truth) and this device's local cart in step.
 * Each sync reads the server cart, applies the edits made here since the last sync (kept as a
 * per-shopper snapshot) on top of it, sends the server only the differences, and adopts the result.
 */
export function createCartSync(options: CartSyncOptions): CartSync {
  const { userId, server, cart, storage } = options
  const exclusive = options.exclusive ?? ((run) => run())
  let stopped = false
  let running: Promise<void> | null = null
  let pending: SyncReason | null = null

  async function dictionaryFor(
    items: readonly ListItem[],
    remote: readonly ServerLine[],
    snapshot: readonly SkuFacts[],
  ): Promise<SkuDictionary> {
    const ids = [...new Set([...items.map((i) => i.product_id), ...remote.map((l) => l.productId)])]
    const catalogue = ids.length === 0 ? [] : await options.skuFacts(ids.sort((a, b) => a - b))
    return skuDictionary(snapshot, catalogue)
  }

  /** Writes the server's cart here: the snapshot first, so the cart change it causes reads as synced. */
  function adopt(start: CartQuantities, target: CartQuantities, dictionary: SkuDictionary) {
    if (stopped) return
    writeSnapshot(storage, userId, syncedLines(target, dictionary))
    const items = cart.read().items
    const next = syncedItems(items, start, target, dictionary)
    if (!sameItems(items, next)) cart.update(() => next)
  }

  /** First login on this device: the guest cart is added to the server cart (once per merge id). */
  async function mergeGuestCart() {
    const items = cart.read().items
    const local = await dictionaryFor(items, [], [])
    const start = localQuantities(items, local)
    const lines = [...start].map(([skuId, quantity]) => ({ skuId, quantity })).slice(0, 100)
    const merged = await server.merge(`${userId}-${mergeId(storage)}`, lines)
    write(storage, MERGED_KEY, String(userId))
    write(storage, MERGE_ID_KEY, null)
    const dictionary = await dictionaryFor(items, merged, [])
    adopt(start, quantitiesOf(merged), dictionary)
  }

  /** Sends the changes; answers the server cart as it now is (quantities as the server capped them). */
  async function push(remote: readonly ServerLine[], wanted: CartQuantities): Promise<Map<number, number>> {
    const now = quantitiesOf(remote)
    for (const change of serverCartChanges(remote, wanted)) {
      if (stopped) break
      if (change.kind === 'remove') {
        await server.remove(change.id).catch((error: unknown) => {
          if (!isNotFound(error)) throw error
        })
        now.delete(change.skuId)
        continue
      }
      try {
        let line =
          change.kind === 'set'
            ? await server.setQuantity(change.id, change.quantity).catch((error: unknown) => {
                // removed on another device meanwhile: the quantity chosen here still wins
                if (isNotFound(error)) return server.add(change.skuId, change.quantity)
                throw error
              })
            : await server.add(change.skuId, change.quantity)
        // the sku was added elsewhere at the same moment and the server summed both
        if (line.quantity > change.quantity) line = await server.setQuantity(line.id, change.quantity)
        now.set(change.skuId, line.quantity)
      } catch (error) {
        // a sku the shop no longer has: it leaves this cart too
        if (!isNotFound(error)) throw error
        now.delete(change.skuId)
      }
    }
    return now
  }

  async function sync(reason: SyncReason) {
    if (read(storage, MERGED_KEY) !== String(userId)) return mergeGuestCart()
    const snapshot = readSnapshot(storage, userId)
    if (reason === 'local' && !editedSince(cart.read().items, snapshot)) return
    const remote = await server.list()
    if (stopped) return
    const items = cart.read().items
    const dictionary = await dictionaryFor(items, remote, snapshot ?? [])
    const start = localQuantities(items, dictionary)
    const wanted = mergeCartEdits(quantitiesOf(snapshot ?? []), start, quantitiesOf(remote))
    const now = await push(remote, wanted)
    adopt(start, now, dictionary)
  }

  async function drain(first: SyncReason) {
    let reason: SyncReason | null = first
    while (reason && !stopped) {
      const current: SyncReason = reason
      await exclusive(() => sync(current)).catch(() => {
        // offline, logged out or refused: the local cart stays as it is and the next trigger tries again
      })
      reason = pending
      pending = null
    }
    running = null
  }

  return {
    request(reason) {
      if (stopped) return Promise.resolve()
      if (running) {
        // a server read asked for while a sync runs must still happen after it
        pending = pending && pending !== 'local' ? pending : reason
        return running
      }
      running = drain(reason)
      return running
    },
    stop() {
      stopped = true
    },
  }
}
