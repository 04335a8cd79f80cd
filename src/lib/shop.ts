/**
 * The shop as it stands before its owner saves the back office's settings (the server starts from it,
 * with the footer's texts and the delivery charges of DELIVERY_CHARGES); the pages show it until the
 * settings are read. Its email and social links are the footer's alone (./shop-contact.ts).
 */
export const builtInShop = {
  /** the name in each language, as the first start's settings have it */
  names: { en: 'Haat', bn: 'হাট' },
  phones: ['09612-345678', '01711-234567'],
  /** until the settings are read, only what every shop takes */
  payments: ['cod'],
}

/** A `tel:` link for a phone number as printed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
