import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { msg, t } from '../../i18n'
import { searchCachedProducts } from '../../lib/cached-products'
import { ProductCard } from '../../ui/product-card'

const NOTICE = {
  offline: msg('catalog.saved-offline'),
  slow: msg('catalog.saved-slow'),
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
      <h1 id="offline-search-title">{t('catalog.search-results', { term })}</h1>
      <p role="status" className="empty-state">
        {t(NOTICE[reason])}
      </p>
      {products.length === 0 ? (
        <p className="empty-state">
          {reason === 'offline' ? t('catalog.saved-none-offline') : t('catalog.saved-none')}
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
