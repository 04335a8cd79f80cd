/** Rounds to paisa (two decimals) without binary drift: 1.005 -> 1.01. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}

/** Indian digit grouping: the last three digits, then pairs (12,34,567). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits
  const head = digits.slice(0, -3)
  const tail = digits.slice(-3)
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`
}

/** SPEC §1: BDT shown as TK with Indian grouping and two decimals, e.g. `TK 1,23,456.00`. */
export function formatTaka(amount: number): string {
  const rounded = roundMoney(Math.abs(amount))
  const [whole = '0', paisa = '00'] = rounded.toFixed(2).split('.')
  return `${amount < 0 && rounded !== 0 ? '-' : ''}TK ${groupIndian(whole)}.${paisa}`
}
