import { ORDER_PRINT_LIMIT } from '../../../contract/admin-orders'
import { adminLink } from '../../links'

export type PrintLayout = 'invoice' | 'label'

/** `/admin/orders/print?ids=1,2,3&layout=invoice`: the chosen orders' invoices or courier labels. */
export const orderPrintLink = (ids: readonly number[], layout: PrintLayout) => ({
  ...adminLink('orders/print'),
  // one id as a number, so the address reads `ids=12` rather than a quoted string
  search: { ids: ids.length === 1 ? ids[0] : ids.join(','), layout },
})

/**
 * The ids an address asks to print (the router reads `ids=12` as a number, `ids=1,2` as text): 1 to
 * ORDER_PRINT_LIMIT order ids, each once, in the order given; null for anything else.
 */
export function printIds(value: unknown): number[] | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  if (!/^\d{1,10}(,\d{1,10})*$/.test(text)) return null
  const ids = [...new Set(text.split(',').map(Number))]
  if (ids.length > ORDER_PRINT_LIMIT || ids.some((id) => id < 1 || id > 2_147_483_647)) return null
  return ids
}

export const printLayout = (value: unknown): PrintLayout => (value === 'label' ? 'label' : 'invoice')
