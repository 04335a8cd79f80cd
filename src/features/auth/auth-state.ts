import { proxy } from 'valtio'

/**
 * storefront §3 auth state, less what lives elsewhere: the user is the session query's data and the
 * token is an HttpOnly cookie the page never sees.
 */
export const authState = proxy({
  /** a social sign-in is in progress (storefront §4) */
  isLoading: false,
  logInError: null as string | null,
  /** HTTP status of the failed login (0: no answer) */
  logInErrorStatus: 0,
  registrationError: null as string | null,
  otpError: null as string | null,
  /** the provider's error code of the last failed social sign-in */
  socialErrorCode: null as string | null,
  socialError: null as string | null,
  /** the pending one-time code: the OTP dialog is open while this is set */
  otp: null as { phone: string; otpId: string } | null,
})

export function setLogInError(message: string | null, status = 0) {
  authState.logInError = message
  authState.logInErrorStatus = status
}
export function setRegistrationError(message: string | null) {
  authState.registrationError = message
}
export function setOtpError(message: string | null) {
  authState.otpError = message
}
export function setSocialLoading(loading: boolean) {
  authState.isLoading = loading
}
export function setSocialError(code: string | null, message: string | null) {
  authState.socialErrorCode = code
  authState.socialError = message
}
export function openOtpDialog(phone: string, otpId: string) {
  authState.otp = { phone, otpId }
  authState.otpError = null
}
export function closeOtpDialog() {
  authState.otp = null
  authState.otpError = null
}
/** storefront §4: closing the login modal clears login, registration and OTP errors. */
export function clearAuthErrors() {
  authState.logInError = null
  authState.registrationError = null
  authState.otpError = null
  authState.socialError = null
  authState.socialErrorCode = null
}
