import { Link } from '@tanstack/react-router'
import type { ProductSummary } from '../contract/product'
import { figure, t } from '../i18n'
import { imageSrcSet, MEDIA_HEIGHTS, MEDIA_WIDTHS, mediaUrl, productImages } from '../lib/media'
import { openQuickView } from '../state/ui'
import { EyeIcon } from './icons'
import { Price } from './price'
import { AddToWishlistButton } from './wishlist-button'

type ProductCardProps = { product: ProductSummary; eager?: boolean }

export function ProductCard({ product, eager = false }: ProductCardProps) {
  const image = productImages(product.thumbnail)[0]
  return (
    <article className="product-card">
      <Link to="/product/$slug" params={{ slug: product.slug }} className="product-card__link">
        <div className="product-card__media">
          {image && (
            <img
              src={mediaUrl(image, 'xs')}
              srcSet={imageSrcSet(image)}
              sizes="(min-width: 768px) 25vw, 50vw"
              width={MEDIA_WIDTHS.xs}
              height={MEDIA_HEIGHTS.xs}
              alt={product.name}
              loading={eager ? 'eager' : 'lazy'}
              // the first cards hold the page's largest image: ask for them before anything else
              fetchPriority={eager ? 'high' : 'auto'}
              decoding="async"
            />
          )}
          {product.discount_percent > 0 && (
            <span className="product-card__badge">-{figure(product.discount_percent)}%</span>
          )}
          {!product.in_stock && (
            <span className="product-card__badge product-card__badge--muted">{t('product.sold-out')}</span>
          )}
        </div>
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      <Price
        price={product.price}
        discountedPrice={product.discounted_price}
        discountPercent={product.discount_percent}
      />
      <div className="product-card__actions">
        <button type="button" className="button button--small" onClick={() => openQuickView(product.slug)}>
          <EyeIcon /> {t('product.quick-view')}
          <span className="visually-hidden">: {product.name}</span>
        </button>
        <AddToWishlistButton productId={product.id} name={product.name} price={product.discounted_price} />
      </div>
    </article>
  )
}
