import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { toast } from '../../lib/toast'
import { track } from '../../lib/track'
import { addToCart } from '../../state/cart'
import type { CartLine } from '../../state/list-lines'
import { setWishlistDrawer, ui } from '../../state/ui'
import { useListLines } from '../../state/use-list-lines'
import { removeFromWishlist, useWishlistDocument, wishlistList } from '../../state/wishlist'
import { DrawerLine, ListDrawer } from '../../ui/list-drawer'
import '../../ui/wishlist-button.css'

const closeWishlist = () => setWishlistDrawer(false)

function moveToCart(line: CartLine) {
  addToCart(
    { product_id: line.id, sku: line.sku, quantity: 1, price: line.unit_discounted_price },
    line.max_quantity,
  )
  // the ad tags hear of it as of an Add To Cart on the product's page: the SKU by its code, one piece
  const price = line.unit_discounted_price
  track('AddToCart', { items: [{ id: line.sku, name: line.title, price, quantity: 1 }], value: price })
  removeFromWishlist(line.id)
  toast.success(t('cart.moved-to-cart', { name: line.title }))
}

/** Wish list drawer (storefront §2), mounted once by the shell; open state is `ui.wishlistDrawerOpen`. */
export function WishlistDrawer() {
  const { wishlistDrawerOpen } = useSnapshot(ui)
  const { items } = useWishlistDocument()
  const { lines, loading, error, count } = useListLines(items, { fallbackSku: true, list: wishlistList })
  return (
    <ListDrawer
      open={wishlistDrawerOpen}
      onClose={closeWishlist}
      title={t('cart.wishlist-title')}
      titleId="wishlist-drawer-title"
      className="wishlist-drawer"
      shown={lines.length}
      count={count}
      loading={loading}
      errorText={error && t('cart.wishlist-load-error')}
      emptyText={t('cart.wishlist-empty')}
      listLabel={t('cart.wishlist-items')}
    >
      {lines.map((line) => (
        <DrawerLine
          key={line.id}
          title={line.title}
          image={line.image}
          unitPrice={line.unit_price}
          unitDiscountedPrice={line.unit_discounted_price}
          onRemove={() => removeFromWishlist(line.id)}
          removeLabel={t('cart.wishlist-remove', { name: line.title })}
        >
          <div className="drawer-line__actions">
            <Link
              to="/product/$slug"
              params={{ slug: line.slug }}
              className="button button--small button--ghost"
              onClick={closeWishlist}
              aria-label={t('cart.wishlist-view', { name: line.title })}
            >
              {t('cart.view-product')}
            </Link>
            <button
              type="button"
              className="button button--small"
              disabled={line.available_quantity < 1}
              onClick={() => moveToCart(line)}
              aria-label={t('cart.move-to-cart-label', { name: line.title })}
            >
              {line.available_quantity < 1 ? t('cart.out-of-stock') : t('cart.move-to-cart')}
            </button>
          </div>
        </DrawerLine>
      ))}
    </ListDrawer>
  )
}
