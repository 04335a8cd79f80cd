import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { xsImage } from '../../lib/media'
import { formatTaka } from '../../lib/money'
import { toast } from '../../lib/toast'
import { addToCart } from '../../state/cart'
import type { CartLine } from '../../state/list-lines'
import { setWishlistDrawer, ui } from '../../state/ui'
import { useListLines } from '../../state/use-list-lines'
import { removeFromWishlist, useWishlistDocument, wishlistList } from '../../state/wishlist'
import { SideDrawer } from '../../ui/side-drawer'
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

  // removing the last item closes the drawer, as for the cart: the items counted are the lines shown
  const previousCount = useRef(count)
  useEffect(() => {
    if (previousCount.current > 0 && count === 0 && ui.wishlistDrawerOpen) closeWishlist()
    previousCount.current = count
  }, [count])

  return (
    <SideDrawer
      open={wishlistDrawerOpen}
      onClose={closeWishlist}
      labelledBy="wishlist-drawer-title"
      className="wishlist-drawer"
    >
      <header className="side-drawer__header">
        <h2 id="wishlist-drawer-title" className="side-drawer__title">
          Wish List <span className="side-drawer__count">({lines.length})</span>
        </h2>
        <button type="button" className="side-drawer__close" onClick={closeWishlist}>
          Close
        </button>
      </header>
      <div className="side-drawer__content">
        {loading ? (
          <p className="side-drawer__status" role="status">
            Loading…
          </p>
        ) : error ? (
          <p className="side-drawer__status" role="alert">
            The items in your wish list could not be loaded. Check your connection and try again.
          </p>
        ) : lines.length === 0 ? (
          <p className="side-drawer__empty">Empty Wish List</p>
        ) : (
          <ul className="drawer-lines" aria-label="Items in your wish list">
            {lines.map((line) => (
              <li key={line.id} className="drawer-line">
                <img
                  className="drawer-line__image"
                  src={xsImage(line.image)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                />
                <div className="drawer-line__body">
                  <p className="drawer-line__title">{line.title}</p>
                  <p className="drawer-line__prices">
                    {line.unit_discounted_price < line.unit_price && (
                      <s className="drawer-line__price">{formatTaka(line.unit_price)}</s>
                    )}
                    <span className="drawer-line__discounted">{formatTaka(line.unit_discounted_price)}</span>
                  </p>
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
                </div>
                <button
                  type="button"
                  className="drawer-line__remove"
                  onClick={() => removeFromWishlist(line.id)}
                  aria-label={`Remove ${line.title} from wish list`}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SideDrawer>
  )
}
