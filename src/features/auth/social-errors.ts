import { type MessageKey, msg, t } from '../../i18n'

/** storefront §8 identity-provider codes, in words a shopper can act on. */
const messages: Record<string, MessageKey> = {
  'email-already-in-use': msg('auth.social-email-in-use'),
  'wrong-password': msg('auth.social-wrong-password'),
  'user-not-found': msg('auth.social-user-not-found'),
  'invalid-credential': msg('auth.social-invalid-credential'),
  'too-many-requests': msg('auth.social-too-many-requests'),
  'expired-action-code': msg('auth.social-expired-link'),
  'invalid-action-code': msg('auth.social-invalid-link'),
  'user-disabled': msg('auth.social-user-disabled'),
  'requires-recent-login': msg('auth.social-recent-login'),
  'invalid-verification-code': msg('auth.social-wrong-code'),
  'code-expired': msg('auth.social-code-expired'),
  'network-request-failed': msg('auth.social-no-connection'),
  'popup-blocked': msg('auth.social-popup-blocked'),
  'popup-closed-by-user': msg('auth.social-popup-closed'),
  'cancelled-popup-request': msg('auth.social-popup-pending'),
  'unauthorized-domain': msg('auth.social-unauthorized-domain'),
  'multi-factor-auth-required': msg('auth.social-second-step'),
  'user-token-expired': msg('auth.social-token-expired'),
}

export const SOCIAL_FALLBACK_MESSAGE = msg('auth.social-fallback')

/** `auth/popup-blocked` or `popup-blocked` → a readable message; unknown codes → the generic one. */
export function socialErrorMessage(code: string | null | undefined): string {
  const bare = (code ?? '').replace(/^auth\//, '')
  return t(messages[bare] ?? SOCIAL_FALLBACK_MESSAGE)
}
