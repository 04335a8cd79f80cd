/** localStorage key counting the shopper's visits (one per browser session). */
export const VISITS_KEY = 'haat_visits'
/** localStorage key set when the shopper closes the install banner. */
export const INSTALL_DISMISSED_KEY = 'haat_install_dismissed'
/** sessionStorage marker: this session was already counted. */
export const VISIT_COUNTED_KEY = 'haat_visit_counted'
/** The banner is offered from this visit on, never on the first. */
export const INSTALL_BANNER_MIN_VISITS = 2

/** What was stored, as a visit count: anything unreadable counts as no visit. */
export function parseVisits(stored: string | null): number {
  const visits = Number(stored)
  return Number.isSafeInteger(visits) && visits > 0 ? visits : 0
}

/** The count after this page load: a new browser session is a new visit, a reload is not. */
export function nextVisitCount(stored: string | null, alreadyCountedThisSession: boolean): number {
  const visits = parseVisits(stored)
  return alreadyCountedThisSession ? visits : visits + 1
}

export type InstallBannerInput = {
  visits: number
  dismissed: boolean
  /** already running from the home screen */
  standalone: boolean
  /** the browser handed us a beforeinstallprompt event */
  canPrompt: boolean
  /** iOS Safari: no prompt exists, the shopper adds the app through the Share menu */
  ios: boolean
}

export type InstallOffer = 'prompt' | 'ios-hint' | null

/** Whether to offer installing, and how. */
export function installOffer(input: Omit<InstallBannerInput, 'visits' | 'dismissed'>): InstallOffer {
  if (input.standalone) return null
  if (input.canPrompt) return 'prompt'
  return input.ios ? 'ios-hint' : null
}

/** The dismissible banner: from the second visit, until dismissed, only when installing is possible. */
export function installBannerOffer(input: InstallBannerInput): InstallOffer {
  if (input.dismissed || input.visits < INSTALL_BANNER_MIN_VISITS) return null
  return installOffer(input)
}

/** iPhone/iPad Safari (iPadOS reports a Mac with touch); other iOS browsers cannot add to home screen the same way. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)
  return ios && /safari/i.test(userAgent) && !/crios|fxios|edgios|opios/i.test(userAgent)
}
