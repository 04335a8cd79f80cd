import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { restoredCartAnswer } from '../../contract/cart'
import { t } from '../../i18n'
import { ApiRequestError, apiGet } from '../../lib/api'
import { addToCart } from '../../state/cart'

/** A reminder's restore link: the lines this device's cart takes (never kept: each opening asks again). */
const restoredCartQuery = (token: string) => ({
  queryKey: ['carts-left', 'restore', token] as const,
  queryFn: async () =>
    (await apiGet(`/carts-left/restore/${encodeURIComponent(token)}`, restoredCartAnswer)).data,
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true },
})

/**
 * A reminder's restore link opened on any device (/cart/restore/<token>, which the server sends on to
 * /cart?restore=<token>, docs/carts-left-behind.md): the lines still sold go into this device's cart, each at
 * most the quantity restored (itself capped by stock), then the cart shows.
 */
export function RestoreFromLink({ token }: { token: string }) {
  const restored = useQuery(restoredCartQuery(token))
  const navigate = useNavigate()
  const added = useRef(false)
  useEffect(() => {
    if (!restored.data || added.current) return
    added.current = true
    for (const line of restored.data.lines) {
      addToCart(
        { product_id: line.productId, sku: line.sku, quantity: line.quantity, price: line.price },
        line.quantity,
      )
    }
    void navigate({ to: '/cart', replace: true })
  }, [restored.data, navigate])

  const gone = restored.error instanceof ApiRequestError && restored.error.status === 404
  return (
    <section className="commerce-page" aria-live="polite">
      <h1>{t('cart.title')}</h1>
      {restored.isError ? (
        <>
          <p className="empty-note">{gone ? t('cart-left.expired') : t('cart-left.failed')}</p>
          {gone ? (
            <Link to="/" className="button">
              {t('cart-left.to-shop')}
            </Link>
          ) : (
            <button type="button" className="button" onClick={() => void restored.refetch()}>
              {t('cart-left.try-again')}
            </button>
          )}
        </>
      ) : (
        <p className="empty-note">{t('cart-left.restoring')}</p>
      )}
    </section>
  )
}
