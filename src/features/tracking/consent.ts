/** The shopper's answer to the consent banner, kept on the device: given once, asked no more. */
const CONSENT_KEY = 'haat-tracking-consent'

export type Consent = 'accepted' | 'declined'

export function savedConsent(): Consent | null {
  try {
    const saved = localStorage.getItem(CONSENT_KEY)
    return saved === 'accepted' || saved === 'declined' ? saved : null
  } catch {
    return null
  }
}

export function saveConsent(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, consent)
  } catch {
    // private mode: asked again next visit
  }
}
