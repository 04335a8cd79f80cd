import { t } from '../i18n'
import { toast } from '../lib/toast'
import { addToWishlist, isWishlisted, removeFromWishlist, useWishlistDocument } from '../state/wishlist'
import './wishlist-button.css'

type Props = {
  productId: number
  name: string
  /** unit price shown to the shopper (discounted) */
  price: number
  /** the chosen sku code, when the page knows one */
  sku?: string
  className?: string
}

/** The heart on product cards and pages: adds the product to the wish list or takes it off. */
export function AddToWishlistButton({ productId, name, price, sku, className }: Props) {
  const { items } = useWishlistDocument()
  const saved = isWishlisted(items, productId)
  return (
    <button
      type="button"
      className={`wishlist-heart${className ? ` ${className}` : ''}`}
      aria-pressed={saved}
      aria-label={t('product.wishlist-name', { name })}
      title={saved ? t('product.remove-from-wishlist') : t('product.add-to-wish-list')}
      onClick={(event) => {
        event.preventDefault()
        event.stopPropagation()
        if (saved) {
          removeFromWishlist(productId)
          toast.success(t('product.removed-from-wishlist'))
        } else {
          addToWishlist({ product_id: productId, sku, price })
          toast.success(t('product.added-to-wishlist'))
        }
      }}
    >
      <svg width="18" height="22" viewBox="0 0 24 22" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-10-9.3C.4 8.5 2 4 6.2 3.3 8.6 2.9 10.6 4 12 6c1.4-2 3.4-3.1 5.8-2.7C22 4 23.6 8.5 22 11.7 19.5 16.4 12 21 12 21z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  )
}
