import { Link } from '@tanstack/react-router'

/** Checkout with nothing in the cart. */
export function EmptyCheckout() {
  return (
    <section className="commerce-page">
      <h1>Checkout</h1>
      <p className="empty-note">Empty Cart</p>
      <Link to="/" className="button">
        Continue shopping
      </Link>
    </section>
  )
}
