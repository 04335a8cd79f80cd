import { describe, expect, it } from 'vitest'
import { sortInSteps } from '../../server/repositories/catalogue/facet-columns'

describe('sortInSteps', () => {
  it.each([0, 1, 5, 4_096, 4_097, 8_193, 30_000, 100_003])(
    'sorts %d rows as one sort would, ties by row',
    async (n) => {
      // few distinct keys: many ties, broken by the row number as the index's orders break them by id
      const keys = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 97)
      const before = (a: number, b: number) => (keys[a] as number) - (keys[b] as number) || a - b
      const rows = Int32Array.from({ length: n }, (_, i) => n - 1 - i)
      const expected = Int32Array.from(rows).sort(before)
      expect(await sortInSteps(rows, before)).toEqual(expected)
    },
  )

  it('lets the event loop run between its steps', async () => {
    let turns = 0
    const ticking = setInterval(() => {
      turns += 1
    }, 0)
    const rows = Int32Array.from({ length: 100_000 }, (_, i) => (i * 104_729) % 100_000)
    await sortInSteps(rows, (a, b) => a - b)
    clearInterval(ticking)
    expect(turns).toBeGreaterThan(0)
  })
})
