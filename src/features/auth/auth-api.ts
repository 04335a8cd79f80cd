import {
  messageAnswer,
  type OtpPurpose,
  registerAnswer,
  type SocialLoginBody,
  sendOtpAnswer,
  sessionAnswer,
} from '../../contract/auth'
import { apiSend } from '../../lib/api'

/** The accounts calls of storefront §7. The session cookie is set and cleared by the server. */
export const authApi = {
  login: (body: { phone: string; password: string; remember: boolean }) =>
    apiSend('post', '/auth/customer/login', body, sessionAnswer),
  register: (body: { phone: string; password: string }) =>
    apiSend('post', '/auth/customer/register', { firstName: '', lastName: '', ...body }, registerAnswer),
  sendOtp: (body: { phone: string; type: OtpPurpose }) =>
    apiSend('post', '/auth/customer/send-otp', body, sendOtpAnswer),
  otpLogin: (body: { phone: string; otpId: string; otpCode: string }) =>
    apiSend('post', '/auth/customer/otp-login', body, sessionAnswer),
  passwordReset: (body: { phone: string; otpId: string; otpCode: string; password: string }) =>
    apiSend('post', '/auth/customer/password-reset', body, messageAnswer),
  socialLogin: (body: SocialLoginBody) => apiSend('post', '/auth/customer/social-login', body, sessionAnswer),
  logout: () => apiSend('post', '/auth/logout', {}, messageAnswer),
}
