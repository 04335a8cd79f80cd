/**
 * The shop as it stands before its owner saves the back office's settings (the server starts from it,
 * with the footer's texts and the delivery charges of DELIVERY_CHARGES); the pages show it until the
 * settings are read.
 */
export const builtInShop = {
  name: 'Haat',
  phones: ['09612-345678', '01711-234567'],
  email: 'support@haat.com.bd',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/haat.com.bd' },
    { name: 'Instagram', url: 'https://www.instagram.com/haat.com.bd' },
    { name: 'YouTube', url: 'https://www.youtube.com/@haat.com.bd' },
  ],
  /** until the settings are read, only what every shop takes */
  payments: ['cod'],
}

/** A `tel:` link for a phone number as printed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
