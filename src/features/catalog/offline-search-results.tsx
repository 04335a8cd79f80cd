import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { searchCachedProducts } from '../../lib/cached-products'
import { ProductCard } from '../../ui/product-card'

/** /search while offline for a term never searched online: the matching products this device has seen. */
export function OfflineSearchResults({ term }: { term: string }) {
  const queryClient = useQueryClient()
  const products = useMemo(() => searchCachedProducts(queryClient, term), [queryClient, term])
  return (
    <section className="listing" aria-labelledby="offline-search-title">
      <h1 id="offline-search-title">Search results for “{term}”</h1>
      <p role="status" className="empty-state">
        You are offline: showing products saved on this device.
      </p>
      {products.length === 0 ? (
        <p className="empty-state">No saved products match. Try again when you are back online.</p>
      ) : (
        <ul className="product-grid">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
