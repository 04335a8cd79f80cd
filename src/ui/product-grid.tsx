import { useDeferredValue } from 'react'
import type { ProductSummary } from '../contract/product'
import { ProductCard } from './product-card'

/** Cards shown at once: two rows on a desktop, four on a phone, more than a first screen holds. */
const FIRST_CARDS = 8

export function ProductGrid({
  products,
  eagerCount = 4,
}: {
  products: ProductSummary[]
  eagerCount?: number
}) {
  // the cards below the fold follow in a background render, so the first screen paints sooner
  const shown = useDeferredValue(products, products.slice(0, FIRST_CARDS))
  return (
    <ul className="product-grid">
      {shown.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  )
}
