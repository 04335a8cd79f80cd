// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { GUEST_ID_KEY, getGuestId, newGuestId, parseGuestId } from '../../src/lib/guest-id'

describe('newGuestId', () => {
  it.each([
    { now: 1_700_000_000_000, random: 0, id: 1_700_000_000_000 },
    { now: 1_700_000_000_000, random: 0.5, id: 1_700_000_000_050 },
    { now: 1_700_000_000_000, random: 0.999_999, id: 1_700_000_000_099 },
    { now: 42, random: 0.017, id: 43 },
  ])('is the time $now plus a number below 100 (random $random)', ({ now, random, id }) => {
    expect(newGuestId(now, random)).toBe(id)
    expect(newGuestId(now, random) - now).toBeLessThan(100)
  })
})

describe('parseGuestId', () => {
  it.each([
    { raw: '1700000000042', id: 1_700_000_000_042 },
    { raw: null, id: null },
    { raw: '', id: null },
    { raw: '0', id: null },
    { raw: '-5', id: null },
    { raw: '12.5', id: null },
    { raw: 'abc', id: null },
    { raw: '{"id":1}', id: null },
    { raw: '99999999999999999', id: null },
  ])('reads $raw as $id', ({ raw, id }) => {
    expect(parseGuestId(raw)).toBe(id)
  })
})

describe('getGuestId', () => {
  beforeEach(() => localStorage.clear())

  it('generates an id once and keeps it under its own key', () => {
    const before = Date.now()
    const first = getGuestId(localStorage)
    expect(first).toBeGreaterThanOrEqual(before)
    expect(first).toBeLessThan(Date.now() + 100)
    expect(localStorage.getItem(GUEST_ID_KEY)).toBe(String(first))
    expect(getGuestId(localStorage)).toBe(first)
  })

  it('keeps an id stored by an earlier visit', () => {
    localStorage.setItem(GUEST_ID_KEY, '1650000000077')
    expect(getGuestId(localStorage)).toBe(1_650_000_000_077)
  })

  it('replaces an unusable stored value with a new id', () => {
    localStorage.setItem(GUEST_ID_KEY, 'garbage')
    const id = getGuestId(localStorage)
    expect(id).toBeGreaterThan(0)
    expect(localStorage.getItem(GUEST_ID_KEY)).toBe(String(id))
  })
})
