import { Link } from '@tanstack/react-router'
import { t } from '../i18n'

/** A page of the cart's (/cart, /checkout) with nothing in the cart: says so and leads back to the shop. */
export function EmptyCart({ title }: { title: string }) {
  return (
    <section className="commerce-page">
      <h1>{title}</h1>
      <p className="empty-note">{t('cart.empty')}</p>
      <Link to="/" className="button">
        {t('cart.continue-shopping')}
      </Link>
    </section>
  )
}
