import type { ProductSummary } from '../../contract/product'
import { ProductCard } from '../../ui/product-card'

export function ProductGrid({
  products,
  eagerCount = 4,
}: {
  products: ProductSummary[]
  eagerCount?: number
}) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  )
}
