import type { AdminOrder } from '../../contract/admin-orders'

/**
 * The lines a return names from what was typed for each (`read(skuId)`): those with a quantity above
 * nought, each at most what was ordered. 'invalid' when a quantity is not a whole number in that range.
 */
export function returnLines(
  order: Pick<AdminOrder, 'lines'>,
  read: (skuId: number) => string,
): { skuId: number; quantity: number }[] | 'invalid' {
  const lines: { skuId: number; quantity: number }[] = []
  for (const line of order.lines) {
    const typed = read(line.skuId).trim()
    const quantity = typed === '' ? 0 : Number(typed)
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > line.quantity) return 'invalid'
    if (quantity > 0) lines.push({ skuId: line.skuId, quantity })
  }
  return lines
}
