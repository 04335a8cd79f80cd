import { exactMoney, moneyOf } from './exact'

/**
 * Sold items summed by product, category or brand, in columns (a year of a shop's days holds some hundred
 * thousand of these): the orders they came in, the items kept and what those were worth in whole paisa, with
 * the rare rest beyond them by row.
 */
export type SoldTable = {
  ids: Int32Array
  orders: Int32Array
  units: Int32Array
  paisa: Float64Array
  rest: Map<number, bigint> | null
}

/** sold items from the text of `id orders units revenue` figures separated by spaces */
export function soldTable(text: string | null): SoldTable {
  const words = text ? text.split(' ') : []
  const size = words.length / 4
  const table: SoldTable = {
    ids: new Int32Array(size),
    orders: new Int32Array(size),
    units: new Int32Array(size),
    paisa: new Float64Array(size),
    rest: null,
  }
  for (let row = 0; row < size; row++) {
    table.ids[row] = Number(words[row * 4])
    table.orders[row] = Number(words[row * 4 + 1])
    table.units[row] = Number(words[row * 4 + 2])
    const money = moneyOf(words[row * 4 + 3] as string)
    table.paisa[row] = money.paisa
    if (money.rest !== 0n) {
      table.rest ??= new Map()
      table.rest.set(row, money.rest)
    }
  }
  return table
}

/** a product's, category's or brand's sales over some days: what it was worth exactly */
export type Summed = { id: number; orders: number; units: number; revenue: bigint }

/** the tables' rows added up by id */
export function summed(tables: readonly SoldTable[]): Summed[] {
  const sums = new Map<number, { orders: number; units: number; paisa: number; rest: bigint }>()
  for (const table of tables) {
    for (let row = 0; row < table.ids.length; row++) {
      const id = table.ids[row] as number
      const rest = table.rest?.get(row) ?? 0n
      const sum = sums.get(id)
      if (!sum) {
        sums.set(id, {
          orders: table.orders[row] as number,
          units: table.units[row] as number,
          paisa: table.paisa[row] as number,
          rest,
        })
      } else {
        sum.orders += table.orders[row] as number
        sum.units += table.units[row] as number
        sum.paisa += table.paisa[row] as number
        if (rest) sum.rest += rest
      }
    }
  }
  return [...sums].map(([id, sum]) => ({
    id,
    orders: sum.orders,
    units: sum.units,
    revenue: exactMoney(sum),
  }))
}
