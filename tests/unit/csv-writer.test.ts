import { buffer } from 'node:stream/consumers'
import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRecordCounter } from '../../server/domain/catalogue-csv'
import { csvStream, csvText, unguardedCell } from '../../server/domain/csv'

const BOM = '\uFEFF'

describe('the one CSV writer of the exports', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1+1', "'+1+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ["'=1", "''=1"],
    ["'quoted", "'quoted"],
    ['Karim', 'Karim'],
    ['01711223344', '01711223344'],
  ])('writes %j so that a spreadsheet shows it as text: %s', (cell, written) => {
    expect(csvText([[cell]])).toBe(`${BOM}${written}\r\n`)
  })

  it('writes numbers as they are, negative ones too, and nothing as an empty cell', () => {
    expect(csvText([[12, -3.5, null, undefined, '']])).toBe(`${BOM}12,-3.5,,,\r\n`)
  })

  it('quotes commas, quotes, line breaks and spaces at either end', () => {
    expect(csvText([['a, b', 'say "hi"', 'two\nlines', ' padded ', 'জামদানি']])).toBe(
      `${BOM}"a, b","say ""hi""","two\nlines"," padded ",জামদানি\r\n`,
    )
  })

  it('streams rows as they come, header first', async () => {
    async function* rows() {
      yield ['name', 'total']
      yield ['=cmd', 5]
    }
    expect((await buffer(csvStream(rows()))).toString()).toBe(`${BOM}name,total\r\n'=cmd,5\r\n`)
  })

  it('gives back every text it wrote once its guard is taken off', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', "'", '\t', 'a', ',', '"', '\n') })),
        (cells) => {
          const [read] = parse(csvText([cells.length ? cells : ['']]), { bom: true }) as string[][]
          expect((read ?? []).map(unguardedCell)).toEqual(cells.length ? cells : [''])
        },
      ),
    )
  })
})

describe('counting the rows of a CSV as it arrives', () => {
  it.each([
    ['a\nb\n', 2],
    ['a\r\nb\r\n', 2],
    ['a\rb', 2],
    ['a\n\n\nb', 2],
    ['"one\ncell",x\nb\n', 2],
    ['"say ""hi""\n",x\n', 1],
    ['', 0],
  ])('counts %j as %i rows', (csv, rows) => {
    expect(csvRecordCounter().add(Buffer.from(csv))).toBe(rows)
  })

  it('counts as csv-parse reads, however the bytes are split', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ',', '\n', '\r', ' ') })
    const quotedCell = cell.map((text) => `"${text.replaceAll('"', '""')}"`)
    const line = fc.array(fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', ' ') }), quotedCell), {
      minLength: 1,
    })
    fc.assert(
      fc.property(
        fc.array(line.map((cells) => cells.join(','))),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.integer({ min: 1, max: 7 }),
        (lines, end, split) => {
          const bytes = Buffer.from(lines.map((each) => each + end).join(''))
          const expected = (parse(bytes, { relax_column_count: true, skip_empty_lines: true }) as string[][])
            .length
          const counter = csvRecordCounter()
          let counted = 0
          for (let at = 0; at < bytes.length || at === 0; at += split)
            counted = counter.add(bytes.subarray(at, at + split))
          expect(counted).toBe(expected)
        },
      ),
    )
  })
})
