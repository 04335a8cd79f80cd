import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { DeliveryZone } from '../../contract/addresses'
import type { OrderCreateBody } from '../../contract/orders'
import { ApiRequestError } from '../../lib/api'
import { formatTaka } from '../../lib/money'
import { OrderTotals } from '../../ui/order-totals'
import { useCurrentUser } from '../auth'
import { clearCart } from '../cart'
import { orderKeys, rememberLastOrder } from '../orders'
import { type AddressDraft, AddressFields, emptyAddress, useZoneOf } from './address-fields'
import { addressesQuery } from './addresses-api'
import { placeOrder } from './checkout-api'
import { useCouponCode } from './coupon-store'
import { checkoutKey, forgetCheckoutKey } from './idempotency-key'
import { useQuotedCart } from './quoted-cart'
import '../../styles/commerce.css'

export const OFFLINE_ORDER_TEXT =
  'You are offline. Placing an order needs a connection — your details are kept, try again when you are back online.'

type Errors = Record<string, string[]>

/** Checkout (SPEC §2): contact, address with its delivery zone, cash on delivery, summary, Place Order. */
export function CheckoutPage() {
  const user = useCurrentUser()
  const saved = useQuery({ ...addressesQuery, enabled: Boolean(user) })
  const [key] = useState(checkoutKey)
  const [contact, setContact] = useState({ name: '', phone: '', email: '' })
  const [address, setAddress] = useState<AddressDraft>(emptyAddress)
  const [chosenId, setChosenId] = useState<number | 'new' | null>(null)
  const [notes, setNotes] = useState('')
  const [terms, setTerms] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const inFlight = useRef(false)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const coupon = useCouponCode()

  const savedList = saved.data ?? []
  const defaultSaved = savedList.find((a) => a.isDefault) ?? savedList[0]
  const selectedId = chosenId ?? (user && defaultSaved ? defaultSaved.id : 'new')
  const selectedSaved = selectedId === 'new' ? undefined : savedList.find((a) => a.id === selectedId)
  const typedZone = useZoneOf(address)
  const zone: DeliveryZone = selectedSaved?.zone ?? typedZone?.zone ?? 'inside_dhaka'
  const { cart, quote, blocked } = useQuotedCart(coupon, zone)

  if (cart.items.length === 0) {
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

  const lineErrors = Object.entries(errors).filter(([field]) => field.startsWith('lines.'))
  const fieldError = (field: string) => errors[field]?.[0]

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (inFlight.current) return
    inFlight.current = true
    setSubmitting(true)
    setProblem(null)
    const useSaved = selectedSaved !== undefined
    const body: OrderCreateBody = {
      lines: cart.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
      customer: {
        name: useSaved ? selectedSaved.name : user ? address.name : contact.name,
        phone: useSaved ? selectedSaved.phone : user ? address.phone : contact.phone,
        email: contact.email,
      },
      ...(useSaved
        ? { addressId: selectedSaved.id }
        : {
            address: {
              ...address,
              name: user ? address.name : contact.name,
              phone: user ? address.phone : contact.phone,
            },
          }),
      coupon: coupon || undefined,
      notes,
      paymentMethod: 'cod',
      acceptTerms: terms as true,
    }
    try {
      const order = await placeOrder(body, key)
      rememberLastOrder(order)
      queryClient.setQueryData(orderKeys.byNumber(order.number), order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() })
      forgetCheckoutKey()
      await navigate({ to: '/confirm-order', search: { number: order.number } })
      // the cart is emptied only now that the server holds the order
      clearCart()
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.offline) setProblem(OFFLINE_ORDER_TEXT)
        else {
          setErrors(error.fields)
          setProblem(error.status === 409 ? 'Some items cannot be ordered as they are:' : error.message)
        }
      } else setProblem('Something went wrong')
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
  }

  return (
    <section className="commerce-page checkout-page">
      <h1>Checkout</h1>
      <form className="commerce-columns" onSubmit={submit} noValidate>
        <div className="checkout-steps">
          {!user && (
            <fieldset className="form-card">
              <legend>Contact</legend>
              <p className="muted">
                Checking out as a guest. <Link to="/auth/login">Log in</Link> to use saved addresses.
              </p>
              <div className="field">
                <label htmlFor="contact-name">Full name</label>
                <input
                  id="contact-name"
                  autoComplete="name"
                  required
                  value={contact.name}
                  onChange={(e) => setContact({ ...contact, name: e.target.value })}
                  aria-invalid={Boolean(fieldError('customer.name'))}
                />
                {fieldError('customer.name') && <p className="field-error">{fieldError('customer.name')}</p>}
              </div>
              <div className="field">
                <label htmlFor="contact-phone">Mobile number</label>
                <input
                  id="contact-phone"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="01xxx-xxxxxx"
                  required
                  value={contact.phone}
                  onChange={(e) => setContact({ ...contact, phone: e.target.value })}
                  aria-invalid={Boolean(fieldError('customer.phone'))}
                />
                {fieldError('customer.phone') && (
                  <p className="field-error">{fieldError('customer.phone')}</p>
                )}
              </div>
              <div className="field">
                <label htmlFor="contact-email">Email (optional)</label>
                <input
                  id="contact-email"
                  type="email"
                  autoComplete="email"
                  value={contact.email}
                  onChange={(e) => setContact({ ...contact, email: e.target.value })}
                />
                {fieldError('customer.email') && (
                  <p className="field-error">{fieldError('customer.email')}</p>
                )}
              </div>
            </fieldset>
          )}

          <fieldset className="form-card">
            <legend>Delivery address</legend>
            {user && savedList.length > 0 && (
              <div className="saved-addresses" role="radiogroup" aria-label="Saved addresses">
                {savedList.map((saved) => (
                  <label key={saved.id} className="saved-address">
                    <input
                      type="radio"
                      name="saved-address"
                      checked={selectedId === saved.id}
                      onChange={() => setChosenId(saved.id)}
                    />
                    <span>
                      <strong>{saved.name}</strong> · {saved.phone}
                      <br />
                      {saved.street}, {saved.area}, {saved.district}
                    </span>
                  </label>
                ))}
                <label className="saved-address">
                  <input
                    type="radio"
                    name="saved-address"
                    checked={selectedId === 'new'}
                    onChange={() => setChosenId('new')}
                  />
                  <span>Add a new address</span>
                </label>
              </div>
            )}
            {selectedId === 'new' && (
              <AddressFields
                value={address}
                onChange={setAddress}
                errors={errors}
                withContact={Boolean(user)}
              />
            )}
            {quote && (
              <p className="muted" data-testid="delivery-zone">
                {selectedSaved || typedZone
                  ? `Delivery to ${zoneLabel(zone)}: ${formatTaka(quote.totals.deliveryCharge)}, ${quote.deliveryEstimate}`
                  : 'Choose the area to see the delivery charge.'}
              </p>
            )}
          </fieldset>

          <fieldset className="form-card">
            <legend>Payment</legend>
            <label className="saved-address">
              <input type="radio" name="payment" value="cod" checked readOnly />
              <span>
                <strong>Cash on delivery</strong> — pay when you receive the parcel.
              </span>
            </label>
          </fieldset>

          <div className="form-card">
            <div className="field">
              <label htmlFor="order-notes">Notes for the delivery (optional)</label>
              <textarea
                id="order-notes"
                rows={3}
                maxLength={500}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
              />
            </div>
            <label className="check">
              <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
              <span>I agree to the terms and conditions, the return policy and the privacy policy.</span>
            </label>
            {fieldError('acceptTerms') && <p className="field-error">{fieldError('acceptTerms')}</p>}
          </div>
        </div>

        <aside className="summary-card" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">Order summary</h2>
          <ul className="summary-lines">
            {cart.lines.map((line, index) => {
              const quoted = quote?.lines.find((q) => q.skuId === line.skuId)
              const serverProblem = lineErrors.find(([field]) => field === `lines.${index}`)?.[1][0]
              return (
                <li key={line.sku}>
                  <span>
                    {line.title}
                    {line.size ? ` · ${line.size}` : ''}
                    {line.colour ? ` · ${line.colour}` : ''} × {line.quantity}
                  </span>
                  <span>{formatTaka(quoted?.lineTotal ?? line.unit_discounted_price * line.quantity)}</span>
                  {(serverProblem ?? quoted?.problem) && (
                    <p className="field-error" data-testid="line-problem">
                      {serverProblem ?? quoted?.problem}
                    </p>
                  )}
                </li>
              )
            })}
          </ul>
          {quote && <OrderTotals totals={quote.totals} />}
          {problem && (
            <div className="notice notice--error" role="alert" data-testid="checkout-problem">
              {problem}
            </div>
          )}
          <button
            type="submit"
            className="button button--block"
            disabled={submitting || blocked}
            aria-busy={submitting}
          >
            {submitting ? 'Placing order…' : 'Place Order'}
          </button>
          <Link to="/cart" className="button button--ghost button--block">
            Back to cart
          </Link>
        </aside>
      </form>
    </section>
  )
}

function zoneLabel(zone: DeliveryZone) {
  return zone === 'inside_dhaka'
    ? 'inside Dhaka'
    : zone === 'dhaka_suburbs'
      ? 'Dhaka suburbs'
      : 'outside Dhaka'
}
