import type { CartLine } from '../../state/list-lines'

type DataLayerWindow = Window & { dataLayer?: unknown[] }

/** storefront §7: the view_cart analytics event, in BDT. */
export function viewCartEvent(lines: readonly CartLine[], value: number) {
  return {
    event: 'view_cart',
    ecommerce: {
      currency: 'BDT',
      value,
      items: lines.map((line) => ({
        item_id: line.sku,
        item_name: line.title,
        item_category: line.category,
        item_variant: line.size ?? undefined,
        price: line.unit_discounted_price,
        quantity: line.quantity,
      })),
    },
  }
}

export function pushViewCart(lines: readonly CartLine[], value: number) {
  const target = window as DataLayerWindow
  target.dataLayer ??= []
  // the previous ecommerce object is cleared first so tag managers never merge two events
  target.dataLayer.push({ ecommerce: null })
  target.dataLayer.push(viewCartEvent(lines, value))
}
