import { describe, expect, it } from 'vitest'
import { code128Bars, code128Fits, QUIET_ZONE } from '../../src/admin/orders/print/code128'

/** The bar and space widths in order, read back from the bars (spaces are the gaps between them). */
function widths(text: string): number[] {
  const { bars } = code128Bars(text)
  const out: number[] = []
  bars.forEach(([x, width], index) => {
    const previous = bars[index - 1]
    if (previous) out.push(x - previous[0] - previous[1])
    out.push(width)
  })
  return out
}

describe('Code 128 B', () => {
  it('draws start B, the characters, the checksum and the stop, eleven modules each (stop thirteen)', () => {
    const number = 'HT-261125-ABCDE'
    const { bars, width } = code128Bars(number)
    const symbols = number.length + 2
    expect(width).toBe(QUIET_ZONE * 2 + symbols * 11 + 13)
    expect(bars[0]?.[0]).toBe(QUIET_ZONE)
    const all = widths(number)
    // start B is 2 1 1 2 1 4, the stop 2 3 3 1 1 1 2
    expect(all.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4])
    expect(all.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2])
    for (let symbol = 0; symbol < symbols; symbol++) {
      expect(all.slice(symbol * 6, symbol * 6 + 6).reduce((sum, w) => sum + w, 0)).toBe(11)
    }
  })

  it('ends with the checksum: start plus each value times its place, modulo 103', () => {
    // H=40, T=52, -=13, 1=17: (104 + 40 + 104 + 39 + 68) % 103 = 46, drawn 1 1 3 3 2 1
    const all = widths('HT-1')
    expect(all.slice(-13, -7)).toEqual([1, 1, 3, 3, 2, 1])
  })

  it.each([
    ['HT-261125-ABCDE', true],
    ['', false],
    ['বাংলা', false],
    ['line\nbreak', false],
  ])('carries %j: %s', (text, fits) => {
    expect(code128Fits(text)).toBe(fits)
  })
})
