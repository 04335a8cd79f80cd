import { describe, expect, it } from 'vitest'
import {
  editedSince,
  localQuantities,
  mergeCartEdits,
  serverCartChanges,
  skuDictionary,
  syncedItems,
  syncedLines,
} from '../../src/features/cart-sync/cart-sync-merge'
import type { ListItem } from '../../src/lib/local-list'

type Quantities = { [skuId: number]: number | undefined }
const cart = (entries: Quantities) =>
  new Map(Object.entries(entries).flatMap(([k, v]) => (v === undefined ? [] : [[+k, v] as const])))
const asObject = (map: Map<number, number>) => Object.fromEntries([...map].sort(([a], [b]) => a - b))

describe('mergeCartEdits: edits made here since the last sync, on top of the server cart', () => {
  it.each([
    { name: 'nothing changed anywhere', base: { 1: 1 }, local: { 1: 1 }, remote: { 1: 1 }, merged: { 1: 1 } },
    {
      name: 'a sku added on another device arrives',
      base: { 1: 1 },
      local: { 1: 1 },
      remote: { 1: 1, 2: 3 },
      merged: { 1: 1, 2: 3 },
    },
    {
      name: 'a quantity changed on another device arrives',
      base: { 1: 1 },
      local: { 1: 1 },
      remote: { 1: 4 },
      merged: { 1: 4 },
    },
    {
      name: 'a sku removed on another device goes',
      base: { 1: 1, 2: 2 },
      local: { 1: 1, 2: 2 },
      remote: { 1: 1 },
      merged: { 1: 1 },
    },
    {
      name: 'a sku added here (offline) is kept',
      base: { 1: 1 },
      local: { 1: 1, 3: 2 },
      remote: { 1: 1 },
      merged: { 1: 1, 3: 2 },
    },
    {
      name: 'a quantity changed here is kept',
      base: { 1: 1 },
      local: { 1: 5 },
      remote: { 1: 1 },
      merged: { 1: 5 },
    },
    {
      name: 'a sku removed here stays removed',
      base: { 1: 1, 2: 2 },
      local: { 1: 1 },
      remote: { 1: 1, 2: 2 },
      merged: { 1: 1 },
    },
    {
      name: 'edits on both sides to different skus are all kept',
      base: { 1: 1, 2: 1 },
      local: { 1: 2, 2: 1, 4: 1 },
      remote: { 1: 1, 5: 1 },
      merged: { 1: 2, 4: 1, 5: 1 },
    },
    {
      name: 'the same sku changed on both sides: the edit made here wins',
      base: { 1: 1 },
      local: { 1: 2 },
      remote: { 1: 7 },
      merged: { 1: 2 },
    },
    {
      name: 'removed here, changed elsewhere: removed',
      base: { 1: 1 },
      local: {},
      remote: { 1: 7 },
      merged: {},
    },
    {
      name: 'no snapshot (empty base): every line of both sides is kept, this side wins a clash',
      base: {},
      local: { 1: 2, 2: 1 },
      remote: { 1: 3, 6: 1 },
      merged: { 1: 2, 2: 1, 6: 1 },
    },
    {
      name: 'an emptied server cart empties an unchanged local cart',
      base: { 1: 1, 2: 1 },
      local: { 1: 1, 2: 1 },
      remote: {},
      merged: {},
    },
  ])('$name', ({ base, local, remote, merged }) => {
    expect(asObject(mergeCartEdits(cart(base), cart(local), cart(remote)))).toEqual(merged)
  })

  it.each([
    { base: { 1: 1 }, local: { 1: 2, 3: 1 }, remote: { 1: 4, 2: 1 } },
    { base: {}, local: { 1: 1 }, remote: { 1: 3 } },
    { base: { 1: 1, 2: 2 }, local: {}, remote: { 2: 5, 3: 1 } },
  ])('merging again once both sides hold the result changes nothing (%#)', ({ base, local, remote }) => {
    const once = mergeCartEdits(cart(base), cart(local), cart(remote))
    expect(asObject(mergeCartEdits(once, once, once))).toEqual(asObject(once))
  })
})

describe('serverCartChanges: only the differences go to the server', () => {
  const remote = [
    { id: 10, skuId: 1, productId: 100, quantity: 1 },
    { id: 11, skuId: 2, productId: 100, quantity: 2 },
  ]
  it.each([
    { name: 'nothing when equal', wanted: { 1: 1, 2: 2 }, changes: [] },
    {
      name: 'a new sku is added',
      wanted: { 1: 1, 2: 2, 3: 4 },
      changes: [{ kind: 'add', skuId: 3, quantity: 4 }],
    },
    {
      name: 'a new quantity is set on the line',
      wanted: { 1: 3, 2: 2 },
      changes: [{ kind: 'set', id: 10, skuId: 1, quantity: 3 }],
    },
    {
      name: 'a missing sku is deleted by line id',
      wanted: { 2: 2 },
      changes: [{ kind: 'remove', id: 10, skuId: 1 }],
    },
    {
      name: 'everything at once',
      wanted: { 2: 1, 5: 1 },
      changes: [
        { kind: 'set', id: 11, skuId: 2, quantity: 1 },
        { kind: 'add', skuId: 5, quantity: 1 },
        { kind: 'remove', id: 10, skuId: 1 },
      ],
    },
  ])('$name', ({ wanted, changes }) => {
    expect(serverCartChanges(remote, cart(wanted))).toEqual(changes)
  })
})

describe('local items and sku ids', () => {
  const dictionary = skuDictionary(
    [{ skuId: 9, productId: 3, sku: 'OLD-9' }],
    [
      { skuId: 1, productId: 1, sku: 'TEE-M', price: 500 },
      { skuId: 2, productId: 1, sku: 'TEE-L', price: 500 },
      { skuId: 5, productId: 2, sku: 'CAP', price: 250 },
    ],
  )
  const item = (product_id: number, sku: string, quantity: number, price = 500): ListItem => ({
    product_id,
    sku,
    quantity,
    price,
  })

  it('places items by product and sku code (the snapshot places products the catalogue lost)', () => {
    const items = [item(1, 'TEE-M', 2), item(3, 'OLD-9', 1), item(7, 'GONE', 1)]
    expect(asObject(localQuantities(items, dictionary))).toEqual({ 1: 2, 9: 1 })
  })

  it('never asks the server for more than it takes on one line', () => {
    expect(asObject(localQuantities([item(1, 'TEE-M', 5000)], dictionary))).toEqual({ 1: 1000 })
  })

  it('adopts the target in place, appends new skus with the catalogue price, keeps unknown items', () => {
    const items = [item(1, 'TEE-M', 2, 480), item(7, 'GONE', 1), item(1, 'TEE-L', 1)]
    const start = localQuantities(items, dictionary)
    const next = syncedItems(items, start, cart({ 1: 3, 5: 1 }), dictionary)
    expect(next).toEqual([item(1, 'TEE-M', 3, 480), item(7, 'GONE', 1), item(2, 'CAP', 1, 250)])
  })

  it('keeps an edit made while the sync ran', () => {
    const start = cart({ 1: 2 })
    const now = [item(1, 'TEE-M', 4)]
    expect(syncedItems(now, start, cart({ 1: 2, 2: 1 }), dictionary)).toEqual([
      item(1, 'TEE-M', 4),
      item(1, 'TEE-L', 1),
    ])
  })

  it('does not append a sku whose price is unknown', () => {
    expect(syncedItems([], new Map(), cart({ 9: 1 }), dictionary)).toEqual([])
  })

  it('snapshots the lines it can tie to local items', () => {
    expect(syncedLines(cart({ 1: 3, 42: 1 }), dictionary)).toEqual([
      { skuId: 1, productId: 1, sku: 'TEE-M', quantity: 3 },
    ])
  })

  it.each([
    { name: 'no snapshot', items: [item(1, 'TEE-M', 1)], snapshot: null, edited: true },
    {
      name: 'the same lines',
      items: [item(1, 'TEE-M', 1)],
      snapshot: [{ skuId: 1, productId: 1, sku: 'TEE-M', quantity: 1 }],
      edited: false,
    },
    {
      name: 'another quantity',
      items: [item(1, 'TEE-M', 2)],
      snapshot: [{ skuId: 1, productId: 1, sku: 'TEE-M', quantity: 1 }],
      edited: true,
    },
    {
      name: 'a line less',
      items: [],
      snapshot: [{ skuId: 1, productId: 1, sku: 'TEE-M', quantity: 1 }],
      edited: true,
    },
    { name: 'a line more', items: [item(1, 'TEE-M', 1)], snapshot: [], edited: true },
  ])('editedSince: $name', ({ items, snapshot, edited }) => {
    expect(editedSince(items, snapshot)).toBe(edited)
  })
})
