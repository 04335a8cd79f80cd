import type { ListItem } from '../../lib/local-list'

/** One side of a cart as the merge sees it: sku id → quantity. */
export type CartQuantities = ReadonlyMap<number, number>

/** A server cart line: its id is what PATCH and DELETE address. */
export type ServerLine = { id: number; skuId: number; productId: number; quantity: number }

/** A line of the server cart as last synced, with what ties it to a local item. */
export type SyncedLine = { skuId: number; productId: number; sku: string; quantity: number }

/**
 * What ties a local item (product id + sku code) to a server line (sku id). The price is known when
 * the facts come from the catalogue; a line adopted from the server needs it to become a local item.
 */
export type SkuFacts = { skuId: number; productId: number; sku: string; price?: number }

export type SkuDictionary = {
  byCode: ReadonlyMap<string, SkuFacts>
  byId: ReadonlyMap<number, SkuFacts>
}

export type CartChange =
  | { kind: 'add'; skuId: number; quantity: number }
  | { kind: 'set'; id: number; skuId: number; quantity: number }
  | { kind: 'remove'; id: number; skuId: number }

const codeKey = (productId: number, sku: string) => `${productId}:${sku}`

/**
 * Three-way merge of a shopper's cart. `base` is the server cart as this device last synced it,
 * `local` the cart on this device now, `remote` the server cart now. A sku this device changed
 * since the last sync (added, new quantity, removed) takes this device's value; every other sku
 * follows the server. Merging the result again with itself as base changes nothing.
 */
export function mergeCartEdits(
  base: CartQuantities,
  local: CartQuantities,
  remote: CartQuantities,
): Map<number, number> {
  const merged = new Map<number, number>()
  for (const skuId of new Set([...local.keys(), ...remote.keys(), ...base.keys()])) {
    const mine = local.get(skuId)
    const value = mine !== base.get(skuId) ? mine : remote.get(skuId)
    if (value !== undefined && value > 0) merged.set(skuId, value)
  }
  return merged
}

/** The requests that turn the server cart `remote` into `wanted`: new skus, new quantities, removals. */
export function serverCartChanges(remote: readonly ServerLine[], wanted: CartQuantities): CartChange[] {
  const bySku = new Map(remote.map((line) => [line.skuId, line]))
  const changes: CartChange[] = []
  for (const [skuId, quantity] of wanted) {
    const line = bySku.get(skuId)
    if (!line) changes.push({ kind: 'add', skuId, quantity })
    else if (line.quantity !== quantity) changes.push({ kind: 'set', id: line.id, skuId, quantity })
  }
  for (const line of remote) {
    if (!wanted.has(line.skuId)) changes.push({ kind: 'remove', id: line.id, skuId: line.skuId })
  }
  return changes
}

/** Catalogue facts win over the snapshot's (they carry the price); later entries win over earlier. */
export function skuDictionary(...sources: readonly (readonly SkuFacts[])[]): SkuDictionary {
  const byCode = new Map<string, SkuFacts>()
  const byId = new Map<number, SkuFacts>()
  for (const facts of sources.flat()) {
    const known = byId.get(facts.skuId)
    const merged = { ...facts, price: facts.price ?? known?.price }
    byCode.set(codeKey(facts.productId, facts.sku), merged)
    byId.set(facts.skuId, merged)
  }
  return { byCode, byId }
}

const skuIdOf = (item: ListItem, dictionary: SkuDictionary) =>
  dictionary.byCode.get(codeKey(item.product_id, item.sku))?.skuId

/** The most the server cart takes for one line (its contract). */
export const MAX_LINE_QUANTITY = 1000

/** The local cart by sku id; items the dictionary cannot place take no part in the merge. */
export function localQuantities(items: readonly ListItem[], dictionary: SkuDictionary): Map<number, number> {
  const quantities = new Map<number, number>()
  for (const item of items) {
    const skuId = skuIdOf(item, dictionary)
    if (skuId === undefined) continue
    quantities.set(skuId, Math.min((quantities.get(skuId) ?? 0) + item.quantity, MAX_LINE_QUANTITY))
  }
  return quantities
}

export function quantitiesOf(lines: readonly { skuId: number; quantity: number }[]): Map<number, number> {
  return new Map(lines.map((line) => [line.skuId, line.quantity]))
}

/**
 * The local items after a sync: `target` (the server cart now) replaces `start` (the local cart
 * the sync began from), except for skus edited on this device meanwhile, which keep their value.
 * Items keep their order and price; skus new to this device are appended when the catalogue knows
 * them; items the dictionary cannot place are left as they are.
 */
export function syncedItems(
  items: readonly ListItem[],
  start: CartQuantities,
  target: CartQuantities,
  dictionary: SkuDictionary,
): ListItem[] {
  const next = mergeCartEdits(start, localQuantities(items, dictionary), target)
  const placed = new Set<number>()
  const result: ListItem[] = []
  for (const item of items) {
    const skuId = skuIdOf(item, dictionary)
    if (skuId === undefined) {
      result.push(item)
      continue
    }
    const quantity = next.get(skuId)
    if (quantity === undefined || placed.has(skuId)) continue
    placed.add(skuId)
    result.push(item.quantity === quantity ? item : { ...item, quantity })
  }
  for (const [skuId, quantity] of next) {
    const facts = dictionary.byId.get(skuId)
    if (placed.has(skuId) || facts?.price === undefined) continue
    result.push({ product_id: facts.productId, sku: facts.sku, quantity, price: facts.price })
  }
  return result
}

/** The snapshot to keep: the server cart's lines this device can show. */
export function syncedLines(target: CartQuantities, dictionary: SkuDictionary): SyncedLine[] {
  const lines: SyncedLine[] = []
  for (const [skuId, quantity] of target) {
    const facts = dictionary.byId.get(skuId)
    if (facts) lines.push({ skuId, productId: facts.productId, sku: facts.sku, quantity })
  }
  return lines
}

/** Whether the local items differ from the snapshot (by product, sku code and quantity). */
export function editedSince(items: readonly ListItem[], snapshot: readonly SyncedLine[] | null): boolean {
  if (!snapshot) return true
  const local = new Map<string, number>()
  for (const item of items) {
    const key = codeKey(item.product_id, item.sku)
    local.set(key, (local.get(key) ?? 0) + item.quantity)
  }
  if (local.size !== snapshot.length) return true
  return snapshot.some((line) => local.get(codeKey(line.productId, line.sku)) !== line.quantity)
}

export function sameItems(a: readonly ListItem[], b: readonly ListItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => {
      const other = b[i]
      return (
        other !== undefined &&
        item.product_id === other.product_id &&
        item.sku === other.sku &&
        item.quantity === other.quantity &&
        item.price === other.price
      )
    })
  )
}
