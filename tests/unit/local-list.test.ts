// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GUEST_ID_KEY } from '../../src/lib/guest-id'
import { createLocalList, type ListItem, setListOwner } from '../../src/lib/local-list'

const KEY = 'haat_test_list'
const item: ListItem = { product_id: 7, sku: 'TEE-RED-M', quantity: 2, price: 450 }

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem(GUEST_ID_KEY, '1700000000012')
  setListOwner(null)
})

describe('reading the stored list', () => {
  it('is empty and owned by the guest when nothing is stored', () => {
    const list = createLocalList(KEY)
    expect(list.read()).toEqual({ user_id: 1_700_000_000_012, items: [] })
  })

  it('keeps valid content', () => {
    localStorage.setItem(KEY, JSON.stringify({ user_id: 55, items: [item] }))
    expect(createLocalList(KEY).read()).toEqual({ user_id: 55, items: [item] })
  })

  it.each([
    { what: 'text that is not JSON', raw: '{"user_id": 1, items: [' },
    { what: 'an array', raw: '[1,2,3]' },
    { what: 'a string', raw: '"cart"' },
    { what: 'null', raw: 'null' },
    { what: 'items that are not a list', raw: '{"user_id":1,"items":"many"}' },
    { what: 'a missing owner', raw: '{"items":[]}' },
    {
      what: 'an item without a product id',
      raw: '{"user_id":1,"items":[{"sku":"A","quantity":1,"price":1}]}',
    },
    {
      what: 'a zero quantity',
      raw: '{"user_id":1,"items":[{"product_id":1,"sku":"A","quantity":0,"price":1}]}',
    },
    {
      what: 'a negative price',
      raw: '{"user_id":1,"items":[{"product_id":1,"sku":"A","quantity":1,"price":-3}]}',
    },
    {
      what: 'a text quantity',
      raw: '{"user_id":1,"items":[{"product_id":1,"sku":"A","quantity":"2","price":1}]}',
    },
  ])('resets the key when it holds $what', ({ raw }) => {
    localStorage.setItem(KEY, raw)
    const list = createLocalList(KEY)
    const empty = { user_id: 1_700_000_000_012, items: [] }
    expect(list.read()).toEqual(empty)
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual(empty)
  })

  it('returns the same object until the stored text changes', () => {
    const list = createLocalList(KEY)
    const first = list.read()
    expect(list.read()).toBe(first)
    list.update(() => [item])
    expect(list.read()).not.toBe(first)
  })
})

describe('changing the list', () => {
  it('writes storage and tells subscribers', () => {
    const list = createLocalList(KEY)
    const listener = vi.fn()
    const stop = list.subscribe(listener)
    list.update((items) => [...items, item])
    expect(listener).toHaveBeenCalledTimes(1)
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toEqual({
      user_id: 1_700_000_000_012,
      items: [item],
    })
    stop()
    list.clear()
    expect(listener).toHaveBeenCalledTimes(1)
    expect(list.read().items).toEqual([])
  })

  it('hears changes made in another tab through the storage event', () => {
    const list = createLocalList(KEY)
    const listener = vi.fn()
    list.subscribe(listener)
    localStorage.setItem(KEY, JSON.stringify({ user_id: 9, items: [item] }))
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'some_other_key' }))
    expect(listener).toHaveBeenCalledTimes(1)
    expect(list.read()).toEqual({ user_id: 9, items: [item] })
  })

  it('moves every list to the signed-in user without losing items, and back to the guest', () => {
    const cart = createLocalList(`${KEY}_a`)
    const wishlist = createLocalList(`${KEY}_b`)
    cart.update(() => [item])
    wishlist.update(() => [{ ...item, sku: '' }])
    setListOwner(314)
    expect(cart.read()).toEqual({ user_id: 314, items: [item] })
    expect(wishlist.read()).toEqual({ user_id: 314, items: [{ ...item, sku: '' }] })
    setListOwner(null)
    expect(cart.read().user_id).toBe(1_700_000_000_012)
    expect(cart.read().items).toEqual([item])
  })
})
