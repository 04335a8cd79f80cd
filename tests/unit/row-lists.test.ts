import { describe, expect, it } from 'vitest'
import { createRng } from '../../server/db/seed/prng'
import { RowLists } from '../../server/repositories/catalogue/facet-columns'

const sorted = (rows: Iterable<number>) => Array.from(rows).sort((a, b) => a - b)

describe('RowLists', () => {
  it('holds the rows added and not removed, per number, through moves and repacks', () => {
    const rng = createRng(7)
    const lists = new RowLists()
    const expected = new Map<number, Set<number>>()
    // skewed like words: a few numbers have most rows
    const pick = () => (rng.int(0, 9) < 6 ? rng.int(0, 4) : rng.int(0, 3000))
    for (let step = 0; step < 60_000; step++) {
      const code = pick()
      const rows = expected.get(code) ?? new Set<number>()
      expected.set(code, rows)
      const row = rng.int(0, 50_000)
      if (rows.has(row) || (rows.size > 0 && rng.int(0, 3) === 0)) {
        const gone = rows.has(row) ? row : (rows.values().next().value as number)
        rows.delete(gone)
        lists.remove(code, gone)
      } else {
        rows.add(row)
        lists.add(code, row)
      }
    }
    for (let code = 0; code <= 3000; code++) {
      const rows = sorted(expected.get(code) ?? [])
      expect(sorted(lists.of(code))).toEqual(rows)
      expect(lists.size(code)).toBe(rows.length)
    }
  })

  it('has an empty list for a number never given a row, and removing a row it lacks changes nothing', () => {
    const lists = new RowLists()
    lists.add(3, 10)
    lists.remove(3, 11)
    lists.remove(9, 10)
    expect(Array.from(lists.of(3))).toEqual([10])
    expect(lists.of(1).length).toBe(0)
    expect(lists.of(500).length).toBe(0)
    expect(lists.size(500)).toBe(0)
  })
})
