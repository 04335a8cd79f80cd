import {
  messageAnswer,
  type OtpPurpose,
  type ProfileBody,
  registerAnswer,
  type SocialLoginBody,
  sendOtpAnswer,
  sessionAnswer,
  userAnswer,
} from '../../contract/auth'
import { apiGet, apiSend } from '../../lib/api'

/** The accounts calls of SPEC §7. The session cookie is set and cleared by the server. */
export const authApi = {
  validateToken: (signal?: AbortSignal) => apiGet('/auth/validate-token', userAnswer, { signal }),
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
  updateProfile: (body: ProfileBody) => apiSend('patch', '/user/customer/profile', body, userAnswer),
  changePassword: (body: { currentPassword: string; password: string }) =>
    apiSend('patch', '/user/customer/profile/password', body, messageAnswer),
}
