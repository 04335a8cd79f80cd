import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { clearCart } from '../../state/cart'
import { useCouponCode } from '../../state/coupon'
import { orderKeys, rememberLastOrder } from '../../state/orders'
import { useQuotedCart } from '../../state/quote'
import { useCurrentUser } from '../../state/session'
import { EmptyCart } from '../../ui/empty-cart'
import { AddressStep } from './address-step'
import { ContactStep } from './contact-step'
import { forgetCheckoutKey } from './idempotency-key'
import { NotesAndTerms } from './notes-and-terms'
import { orderBody } from './order-body'
import { OrderSummary } from './order-summary'
import { PaymentStep } from './payment-step'
import { useCheckoutForm } from './use-checkout-form'
import { usePlaceOrder } from './use-place-order'
import '../../styles/commerce.css'

export { OFFLINE_ORDER_TEXT } from './use-place-order'

/** Checkout (SPEC §2): contact, address with its delivery zone, cash on delivery, summary, Place Order. */
export function CheckoutPage() {
  const user = useCurrentUser()
  const signedIn = Boolean(user)
  const form = useCheckoutForm(signedIn)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const coupon = useCouponCode()
  const { cart, quote, blocked } = useQuotedCart(coupon, form.zone)
  const { errors, problem, submitting, place } = usePlaceOrder(async (order) => {
    rememberLastOrder(order)
    queryClient.setQueryData(orderKeys.byNumber(order.number), order)
    void queryClient.invalidateQueries({ queryKey: orderKeys.list() })
    forgetCheckoutKey()
    await navigate({ to: '/confirm-order', search: { number: order.number } })
    // the cart is emptied only now that the server holds the order
    clearCart()
  })

  if (cart.items.length === 0) return <EmptyCart title="Checkout" />

  const fieldError = (field: string) => errors[field]?.[0]
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const { contact, address, selectedSaved, notes, terms } = form
    const body = { lines: cart.lines, signedIn, contact, address, coupon, notes, acceptTerms: terms }
    void place(orderBody({ ...body, savedAddress: selectedSaved }))
  }

  return (
    <section className="commerce-page checkout-page">
      <h1>Checkout</h1>
      <form className="commerce-columns" onSubmit={submit} noValidate>
        <div className="checkout-steps">
          {!signedIn && (
            <ContactStep contact={form.contact} onChange={form.setContact} fieldError={fieldError} />
          )}
          <AddressStep
            signedIn={signedIn}
            savedList={form.savedList}
            selectedId={form.selectedId}
            onChoose={form.setChosenId}
            address={form.address}
            onAddressChange={form.setAddress}
            errors={errors}
            quote={quote}
            knownZone={form.knownZone}
          />
          <PaymentStep />
          <NotesAndTerms
            notes={form.notes}
            onNotesChange={form.setNotes}
            terms={form.terms}
            onTermsChange={form.setTerms}
            termsError={fieldError('acceptTerms')}
          />
        </div>
        <OrderSummary
          lines={cart.lines}
          quote={quote}
          errors={errors}
          problem={problem}
          submitting={submitting}
          blocked={blocked}
        />
      </form>
    </section>
  )
}
