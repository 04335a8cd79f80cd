/** The shop's contact details, shown in the header and the footer (SPEC §1). */
export const shop = {
  name: 'Haat',
  phones: ['09612-345678', '01711-234567'],
  email: 'support@haat.com.bd',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/haat.com.bd' },
    { name: 'Instagram', url: 'https://www.instagram.com/haat.com.bd' },
    { name: 'YouTube', url: 'https://www.youtube.com/@haat.com.bd' },
  ],
} as const

/** A `tel:` link for a phone number as printed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
