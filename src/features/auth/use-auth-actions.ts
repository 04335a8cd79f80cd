import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { OtpPurpose, SessionAnswer, SocialProvider } from '../../contract/auth'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { setListOwner } from '../../lib/local-list'
import { clearPrivateCaches } from '../../lib/pwa'
import { persister } from '../../lib/query-client'
import { forgetDeviceCart } from '../../state/cart'
import { forgetLastOrder } from '../../state/orders'
import { authKeys } from '../../state/session'
import { closeLogInModal, ui } from '../../state/ui'
import { authApi } from './auth-api'
import {
  authState,
  clearAuthErrors,
  closeOtpDialog,
  openOtpDialog,
  setLogInError,
  setOtpError,
  setRegistrationError,
  setSocialError,
  setSocialLoading,
} from './auth-state'
import { SOCIAL_FALLBACK_MESSAGE } from './social-errors'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : t('common.failed'))
const codeOf = (error: unknown) =>
  typeof error === 'object' && error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'unknown'

/** Login, registration, one-time codes, social sign-in and logout, with storefront §4 transitions. */
export function useAuthActions() {
  const queryClient = useQueryClient()
  const router = useRouter()

  return useMemo(() => {
    /** success: the user is known, guest lists become theirs, dialogs close, and the shopper goes to backPath */
    const completeLogin = (answer: SessionAnswer) => {
      const user = answer.data.user
      void queryClient.cancelQueries({ queryKey: authKeys.session() })
      queryClient.setQueryData(authKeys.session(), user)
      setListOwner(user.id)
      clearAuthErrors()
      closeOtpDialog()
      closeLogInModal()
      router.history.push(ui.backPath || '/user')
    }

    return {
      async logIn(phone: string, password: string, remember: boolean) {
        setLogInError(null, 0)
        try {
          completeLogin(await authApi.login({ phone, password, remember }))
        } catch (error) {
          setLogInError(messageOf(error), error instanceof ApiRequestError ? error.status : 0)
        }
      },
      /** REGISTER sends a code to the number; the OTP dialog that follows completes the account */
      async register(phone: string, password: string) {
        setRegistrationError(null)
        try {
          const answer = await authApi.register({ phone, password })
          closeLogInModal()
          openOtpDialog(answer.phone, answer.otpId)
        } catch (error) {
          setRegistrationError(messageOf(error))
        }
      },
      /** SEND CODE: on success the login modal gives way to the OTP dialog */
      async sendOtp(phone: string, type: OtpPurpose) {
        setOtpError(null)
        try {
          const answer = await authApi.sendOtp({ phone, type })
          closeLogInModal()
          openOtpDialog(answer.phone, answer.otpId)
          return true
        } catch (error) {
          setOtpError(messageOf(error))
          return false
        }
      },
      async otpLogIn(otpCode: string) {
        const pending = authState.otp
        if (!pending) return
        setOtpError(null)
        try {
          completeLogin(await authApi.otpLogin({ ...pending, otpCode }))
        } catch (error) {
          setOtpError(messageOf(error))
        }
      },
      /** storefront §4: Google sets the loading flag and clears it when the backend answers, whatever it says */
      async socialSignIn(provider: SocialProvider) {
        setSocialError(null, null)
        if (provider === 'GMAIL') setSocialLoading(true)
        let payload: Awaited<ReturnType<typeof import('./social/firebase-sign-in').signInWithProvider>>
        try {
          const { signInWithProvider } = await import('./social/firebase-sign-in')
          payload = await signInWithProvider(provider)
        } catch (error) {
          setSocialError(codeOf(error), t(SOCIAL_FALLBACK_MESSAGE))
          setSocialLoading(false)
          return
        }
        try {
          completeLogin(await authApi.socialLogin(payload))
        } catch (error) {
          setSocialError(null, messageOf(error))
        } finally {
          setSocialLoading(false)
        }
      },
      /** Logout: server session, user, persisted and in-memory query data, private worker caches */
      async logOut() {
        // a session check still under way must not bring the user back once logged out
        await queryClient.cancelQueries({ queryKey: authKeys.session() })
        await authApi.logout().catch(() => undefined)
        await queryClient.cancelQueries({ queryKey: authKeys.session() })
        queryClient.setQueryData(authKeys.session(), null)
        // everything else goes: mounted views keep observing the session query, so it is emptied, not dropped
        const session = authKeys.session()
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(session) })
        await persister.removeClient()
        await clearPrivateCaches().catch(() => undefined)
        forgetDeviceCart()
        forgetLastOrder()
        setListOwner(null)
        clearAuthErrors()
        router.history.push('/')
      },
    }
  }, [queryClient, router])
}
