import { t } from '../../i18n'

/**
 * storefront §8: a refused login shows one fixed text, whatever the server said about it. A limit, a lost
 * connection or an account the shop has blocked (403) is not a wrong password, so those keep their own
 * message.
 */
export function logInErrorText(message: string | null, status: number): string | null {
  if (message === null) return null
  if (status === 0 || status === 403 || status === 429 || status >= 500) return message
  return t('auth.invalid-login')
}
