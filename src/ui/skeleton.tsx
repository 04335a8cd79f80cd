import { t } from '../i18n'

/** storefront §2 loading skeleton: a square image block and text lines. */
export function CardSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <div className="skeleton-card" aria-hidden="true">
      <div className="skeleton skeleton--image" />
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
        <div key={index} className="skeleton skeleton--line" style={{ width: `${90 - index * 25}%` }} />
      ))}
    </div>
  )
}

/** A product card's outline (image, name, price and its buttons): the grid keeps its height when the cards arrive. */
function ProductCardSkeleton() {
  return (
    <div className="skeleton-card skeleton-card--product" aria-hidden="true">
      <div className="skeleton skeleton--image" />
      <div className="skeleton skeleton--line skeleton--name" />
      <div className="skeleton skeleton--line skeleton--price" />
      <div className="skeleton skeleton--actions" />
    </div>
  )
}

export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="product-grid" role="status" aria-label={t('offline.loading-products')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  )
}

export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-label={t('offline.loading')}>
      <div className="skeleton skeleton--line" style={{ width: '40%', height: '1.6rem' }} />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line" style={{ width: '80%' }} />
    </div>
  )
}
