import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { codAdvance } from '../../contract/orders'
import { t } from '../../i18n'
import { normalizeBdPhone } from '../../lib/phone'
import { clearCart } from '../../state/cart'
import { useCouponCode } from '../../state/coupon'
import { orderOutbox, recordPlacedOrder } from '../../state/order-outbox'
import { quoteKeys, useQuotedCart } from '../../state/quote'
import { useCurrentUser } from '../../state/session'
import { EmptyCart } from '../../ui/empty-cart'
import { PendingOrderNotice, useFollowPlacedOrder } from '../../ui/pending-order-notice'
import { AddressStep } from './address-step'
import { AdvanceChoice, type AdvanceWay, isAdvanceWay } from './advance-choice'
import { useCheckoutShop } from './checkout-shop'
import { ContactStep } from './contact-step'
import { NotesAndTerms } from './notes-and-terms'
import { orderBody, orderContact } from './order-body'
import { OrderSummary } from './order-summary'
import { PaymentStep, useOfferedPayments } from './payment-step'
import { PhoneConfirm, type PhoneProof, useNeedsPhoneCode } from './phone-confirm'
import { PointsChoice, pointsQuoteQuery } from './points-choice'
import { emptyTransfer, type TransferDraft, TransferFields } from './transfer-fields'
import { useCartLeft } from './use-cart-left'
import { useCheckoutBegun } from './use-checkout-begun'
import { useCheckoutForm } from './use-checkout-form'
import { usePlaceOrder } from './use-place-order'
import '../../styles/commerce.css'

/** Checkout (storefront §2): contact, address with its delivery zone, payment, summary, Place Order. */
export function CheckoutPage() {
  const user = useCurrentUser()
  const signedIn = Boolean(user)
  const form = useCheckoutForm(signedIn)
  const navigate = useNavigate()
  const coupon = useCouponCode()
  const { cart, requested, quote: plainQuote, blocked } = useQuotedCart(coupon, form.zone)
  // the shopper's reward points, when chosen: the server's quote with them spent decides the totals
  const [usePoints, setUsePoints] = useState(false)
  const offeredPoints = plainQuote?.points?.offer?.points ?? 0
  const spending = usePoints && offeredPoints > 0
  const pointsQuote = useQuery({
    ...pointsQuoteQuery(requested, coupon, form.zone, offeredPoints),
    enabled: spending,
  })
  const quote = spending && pointsQuote.data ? pointsQuote.data : plainQuote
  const pointsSpent = spending ? quote?.totals.pointsUsed : undefined
  const { pending } = useSnapshot(orderOutbox)
  useFollowPlacedOrder()
  useCheckoutBegun(cart.lines, cart.total)
  const notePhone = useCartLeft(cart.lines)
  const offered = useOfferedPayments()
  const [chosen, setChosen] = useState<string>('cod')
  // a method the shop has switched off since is not sent: the first one it takes is
  const paymentMethod = offered.find((method) => method === chosen) ?? offered[0] ?? 'cod'
  const [leaving, setLeaving] = useState(false)
  const [transfer, setTransfer] = useState<TransferDraft>(emptyTransfer)
  const [phoneProof, setPhoneProof] = useState<PhoneProof | null>(null)
  const [advanceWay, setAdvanceWay] = useState<AdvanceWay>('bkash')
  const advanceRule = useCheckoutShop().codAdvance
  // cash on delivery's delivery charge, where the shop asks it before delivery, by a way it takes
  const advanceWays = offered.filter(isAdvanceWay)
  const advance =
    paymentMethod === 'cod' && quote && advanceWays.length > 0
      ? codAdvance(advanceRule, { zone: form.zone, ...quote.totals })
      : 0
  const advanceBy =
    advance > 0 ? (advanceWays.find((way) => way === advanceWay) ?? advanceWays[0]) : undefined
  const byTransfer = paymentMethod === 'transfer' || advanceBy === 'transfer'
  const { phone } = orderContact({ signedIn, ...form, savedAddress: form.selectedSaved })
  const ownPhone = user?.phone ?? null
  const askCode = useNeedsPhoneCode(quote?.totals.total, phone, ownPhone)
  const { errors, problem, submitting, stillTrying, place, cancel } = usePlaceOrder(async (order) => {
    recordPlacedOrder(order)
    // the cart is emptied only now that the server holds the order
    clearCart()
    if (order.paymentRedirectUrl) {
      // paid on the gateway's page, which sends the shopper back to /confirm-order
      setLeaving(true)
      window.location.assign(order.paymentRedirectUrl)
      return
    }
    await navigate({ to: '/confirm-order', search: { number: order.number } })
  })

  // the points changed under the order (another order spent them): the offer is asked again, unchosen
  const queryClient = useQueryClient()
  const pointsRefused = Boolean(errors.points)
  useEffect(() => {
    if (!pointsRefused) return
    setUsePoints(false)
    void queryClient.invalidateQueries({ queryKey: quoteKeys.all })
  }, [pointsRefused, queryClient])

  if (leaving) {
    return (
      <section className="commerce-page">
        <h1>{t('checkout.title')}</h1>
        <p role="status" aria-busy="true">
          {t('checkout.to-payment')}
        </p>
      </section>
    )
  }
  if (cart.items.length === 0) return <EmptyCart title={t('checkout.title')} />

  const fieldError = (field: string) => errors[field]?.[0]
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const { contact, address, selectedSaved, notes, terms } = form
    const body = {
      lines: cart.lines,
      signedIn,
      contact,
      address,
      coupon,
      notes,
      paymentMethod,
      transfer: byTransfer ? transfer : undefined,
      advanceBy,
      phoneProof:
        paymentMethod === 'cod' && phoneProof?.phone === normalizeBdPhone(phone)
          ? phoneProof.proof
          : undefined,
      acceptTerms: terms,
    }
    void place({ ...orderBody({ ...body, savedAddress: selectedSaved }), points: pointsSpent })
  }

  return (
    <section className="commerce-page checkout-page">
      <h1>{t('checkout.title')}</h1>
      {/* an order from an earlier visit still on its way: this one waits until it lands or is cancelled */}
      {!submitting && <PendingOrderNotice />}
      <form className="commerce-columns" onSubmit={submit} noValidate>
        <div className="checkout-steps">
          {!signedIn && (
            <ContactStep
              contact={form.contact}
              onChange={form.setContact}
              fieldError={fieldError}
              onPhoneLeft={notePhone}
            />
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
          <PaymentStep
            offered={offered}
            method={paymentMethod}
            onChange={setChosen}
            error={fieldError('paymentMethod')}
          >
            {paymentMethod === 'cod' && (askCode || errors.phoneProof) && (
              <PhoneConfirm
                phone={phone}
                proof={phoneProof}
                onProof={setPhoneProof}
                error={fieldError('phoneProof')}
              />
            )}
            {advanceBy && quote && (
              <AdvanceChoice
                advance={advance}
                total={quote.totals.total}
                ways={advanceWays}
                way={advanceBy}
                onChange={setAdvanceWay}
                error={fieldError('advanceBy')}
              >
                {advanceBy === 'transfer' && (
                  <TransferFields
                    draft={transfer}
                    onChange={setTransfer}
                    total={advance}
                    fieldError={fieldError}
                  />
                )}
              </AdvanceChoice>
            )}
            {paymentMethod === 'transfer' && (
              <TransferFields
                draft={transfer}
                onChange={setTransfer}
                total={quote?.totals.total}
                fieldError={fieldError}
              />
            )}
          </PaymentStep>
          {plainQuote?.points && (
            <PointsChoice
              points={plainQuote.points}
              chosen={usePoints}
              onChange={setUsePoints}
              error={fieldError('points')}
            />
          )}
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
          stillTrying={stillTrying}
          onCancel={cancel}
          blocked={blocked || (!submitting && pending.length > 0)}
          coupon={coupon}
        />
      </form>
    </section>
  )
}
