import type { Address, DeliveryZone } from '../../contract/addresses'
import type { QuoteResponse } from '../../contract/cart'
import { type MessageKey, msg, t, taka } from '../../i18n'
import { roundMoney } from '../../lib/money'
import { useFreeDeliveryAbove } from '../../state/shop-delivery'
import { type AddressDraft, AddressFields } from '../../ui/address-fields'
import { SavedAddressChoice } from './saved-address-choice'
import type { AddressChoice } from './use-checkout-form'
import type { FieldErrors } from './use-place-order'

type Quote = QuoteResponse['data']

type Props = {
  signedIn: boolean
  savedList: readonly Address[]
  selectedId: AddressChoice
  onChoose: (id: AddressChoice) => void
  address: AddressDraft
  onAddressChange: (next: AddressDraft) => void
  errors: FieldErrors
  quote: Quote | undefined
  /** the zone of the chosen saved address or typed area, null until there is one */
  knownZone: DeliveryZone | null
}

/** Where the order goes: a saved address or a new one, and what delivery there costs. */
export function AddressStep({
  signedIn,
  savedList,
  selectedId,
  onChoose,
  address,
  onAddressChange,
  errors,
  quote,
  knownZone,
}: Props) {
  const freeAbove = useFreeDeliveryAbove()
  return (
    <fieldset className="form-card">
      <legend>{t('checkout.delivery-address')}</legend>
      {signedIn && savedList.length > 0 && (
        <SavedAddressChoice savedList={savedList} selectedId={selectedId} onChoose={onChoose} />
      )}
      {selectedId === 'new' && (
        <AddressFields value={address} onChange={onAddressChange} errors={errors} withContact={signedIn} />
      )}
      {quote && (
        <p className="muted" data-testid="delivery-zone">
          {knownZone
            ? t('checkout.delivery-to', {
                zone: t(zoneLabels[knownZone]),
                charge: taka(quote.totals.deliveryCharge),
                estimate: quote.deliveryEstimate,
              })
            : t('checkout.choose-area-for-charge')}
        </p>
      )}
      {quote && <FreeDeliveryNote freeAbove={freeAbove} totals={quote.totals} />}
    </fieldset>
  )
}

/**
 * How much more the order needs for free delivery, while it is short of the shop's threshold (the server
 * compares the same total: the goods after discounts and the coupon, delivery left out).
 */
export function FreeDeliveryNote({ freeAbove, totals }: { freeAbove: number; totals: Quote['totals'] }) {
  const goods = roundMoney(totals.total - totals.deliveryCharge)
  if (freeAbove <= 0 || goods >= freeAbove) return null
  return (
    <p className="muted" data-testid="free-delivery">
      {t('checkout.free-delivery-from', {
        amount: taka(freeAbove),
        more: taka(roundMoney(freeAbove - goods)),
      })}
    </p>
  )
}

const zoneLabels: Record<DeliveryZone, MessageKey> = {
  inside_dhaka: msg('checkout.zone-inside-dhaka'),
  dhaka_suburbs: msg('checkout.zone-dhaka-suburbs'),
  outside_dhaka: msg('checkout.zone-outside-dhaka'),
}
