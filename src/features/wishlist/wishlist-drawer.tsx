import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { toast } from '../../lib/toast'
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
  removeFromWishlist(line.id)
  toast.success(`${line.title} moved to the cart`)
}

/** Wish list drawer (SPEC §2), mounted once by the shell; open state is `ui.wishlistDrawerOpen`. */
export function WishlistDrawer() {
  const { wishlistDrawerOpen } = useSnapshot(ui)
  const { items } = useWishlistDocument()
  const { lines, loading, error, count } = useListLines(items, { fallbackSku: true, list: wishlistList })
  return (
    <ListDrawer
      open={wishlistDrawerOpen}
      onClose={closeWishlist}
      title="Wish List"
      titleId="wishlist-drawer-title"
      className="wishlist-drawer"
      shown={lines.length}
      count={count}
      loading={loading}
      errorText={
        error && 'The items in your wish list could not be loaded. Check your connection and try again.'
      }
      emptyText="Empty Wish List"
      listLabel="Items in your wish list"
    >
      {lines.map((line) => (
        <DrawerLine
          key={line.id}
          title={line.title}
          image={line.image}
          unitPrice={line.unit_price}
          unitDiscountedPrice={line.unit_discounted_price}
          onRemove={() => removeFromWishlist(line.id)}
          removeLabel={`Remove ${line.title} from wish list`}
        >
          <div className="drawer-line__actions">
            <Link
              to="/product/$slug"
              params={{ slug: line.slug }}
              className="button button--small button--ghost"
              onClick={closeWishlist}
              aria-label={`View ${line.title}`}
            >
              View Product
            </Link>
            <button
              type="button"
              className="button button--small"
              disabled={line.available_quantity < 1}
              onClick={() => moveToCart(line)}
              aria-label={`Move ${line.title} to cart`}
            >
              {line.available_quantity < 1 ? 'Out of stock' : 'Move to cart'}
            </button>
          </div>
        </DrawerLine>
      ))}
    </ListDrawer>
  )
}
