import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { searchCachedProducts } from '../../lib/cached-products'
import { ProductCard } from '../../ui/product-card'

const NOTICE = {
  offline: 'You are offline: showing products saved on this device.',
  slow: 'Slow connection: showing products saved on this device.',
}

/**
 * /search for a term never searched before while offline, or while requests time out: the matching
 * products this device has seen.
 */
export function OfflineSearchResults({ term, reason }: { term: string; reason: 'offline' | 'slow' }) {
  const queryClient = useQueryClient()
  const products = useMemo(() => searchCachedProducts(queryClient, term), [queryClient, term])
  return (
    <section className="listing" aria-labelledby="offline-search-title">
      <h1 id="offline-search-title">Search results for “{term}”</h1>
      <p role="status" className="empty-state">
        {NOTICE[reason]}
      </p>
      {products.length === 0 ? (
        <p className="empty-state">
          {reason === 'offline'
            ? 'No saved products match. Try again when you are back online.'
            : 'No saved products match yet.'}
        </p>
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
