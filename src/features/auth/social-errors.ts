/** SPEC §8 identity-provider codes, in words a shopper can act on. */
const messages: Record<string, string> = {
  'email-already-in-use': 'This email already belongs to another account.',
  'wrong-password': 'The password is not correct.',
  'user-not-found': 'No account was found for these details.',
  'invalid-credential': 'The sign-in details are not valid. Please try again.',
  'too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'expired-action-code': 'This link has expired. Please ask for a new one.',
  'invalid-action-code': 'This link is not valid. Please ask for a new one.',
  'user-disabled': 'This account has been disabled.',
  'requires-recent-login': 'Please sign in again to continue.',
  'invalid-verification-code': 'The code is not correct.',
  'code-expired': 'The code has expired. Please ask for a new one.',
  'network-request-failed': 'No connection. Check your internet and try again.',
  'popup-blocked': 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before finishing.',
  'cancelled-popup-request': 'Another sign-in window is already open.',
  'unauthorized-domain': 'Sign-in is not available on this address.',
  'multi-factor-auth-required': 'This account needs a second sign-in step that is not supported here.',
  'user-token-expired': 'Your sign-in has expired. Please sign in again.',
}

export const SOCIAL_FALLBACK_MESSAGE = 'Something went wrong!'

/** `auth/popup-blocked` or `popup-blocked` → a readable message; unknown codes → the generic one. */
export function socialErrorMessage(code: string | null | undefined): string {
  const bare = (code ?? '').replace(/^auth\//, '')
  return messages[bare] ?? SOCIAL_FALLBACK_MESSAGE
}
