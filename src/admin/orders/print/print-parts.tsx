import type { OrderPrint, OrderPrintData } from '../../../contract/admin-orders'
import { figure, type Language } from '../../../i18n'

export type PrintShop = OrderPrintData['shop']

/** The shop's name and address in the back office's language. */
export const shopTexts = (shop: PrintShop, language: Language) => ({
  name: shop.name[language],
  address: shop.address[language],
})

/** A phone number in the page's digits (Bengali ones in Bangla). */
export const printedPhone = (phone: string) => figure(phone)

/**
 * The delivery address: street and landmark, then area, district, division — as the courier reads them on the
 * label (as typed), or in the page's language on the invoice the customer reads (`places`).
 */
export function AddressLines({ address, places }: { address: OrderPrint['address']; places?: string }) {
  return (
    <>
      <span>
        {address.street}
        {address.landmark ? ` (${address.landmark})` : ''}
      </span>
      <span>{places ?? [address.area, address.district, address.division].filter(Boolean).join(', ')}</span>
    </>
  )
}
