import type { App } from '../../server/app'
import { apiHeaders } from './helpers'

export const SESSION_COOKIE = 'haat_session'
export const SESSION_HINT_COOKIE = 'haat_signed_in'

type Json = Record<string, unknown>
export type Answer = {
  status: number
  body: Json
  headers: Record<string, unknown>
  cookie: string | undefined
  /** the readable cookie saying a session exists */
  hint: string | undefined
}

/** One API call as a browser or app would make it; `token` goes as the session cookie or as Bearer. */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { body?: unknown; token?: string; bearer?: string; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...apiHeaders }
  if (options.token) headers.cookie = `${SESSION_COOKIE}=${options.token}`
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  const response = await app.inject({
    method,
    url: `/api/v1/${url}`,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as Json }),
  })
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Json) : {},
    headers: response.headers,
    cookie: cookie?.value,
    hint: response.cookies.find((c) => c.name === SESSION_HINT_COOKIE)?.value,
  }
}

export function tokenOf(answer: Answer): string {
  const data = answer.body.data as { access_token?: string } | undefined
  if (!data?.access_token) throw new Error(`no session in ${JSON.stringify(answer.body)}`)
  return data.access_token
}

export function userOf(answer: Answer): Json {
  return (answer.body.data as { user: Json }).user
}

/** Moves the app's clock forward; every expiry and limit is measured against it. */
export function advanceClock(app: App, ms: number) {
  const previous = app.clock.now
  app.clock.now = () => new Date(previous().getTime() + ms)
}

/** REGISTER alone: a code goes to the number, no account yet. */
export async function requestRegistration(app: App, phone: string, password = 'secret-pass', ip?: string) {
  return call(app, 'POST', 'auth/customer/register', {
    body: { firstName: '', lastName: '', phone, password },
    ip,
  })
}

/** A whole registration: REGISTER, then the code from the outbox; answers otp-login's session. */
export async function register(app: App, phone: string, password = 'secret-pass', ip?: string) {
  const requested = await requestRegistration(app, phone, password, ip)
  if (requested.status !== 200) return requested
  const otpId = requested.body.otpId as string
  const otpCode = await lastCode(app, phone)
  return call(app, 'POST', 'auth/customer/otp-login', { body: { phone, otpId, otpCode }, ip })
}

export async function login(app: App, phone: string, password: string, ip?: string) {
  return call(app, 'POST', 'auth/customer/login', { body: { phone, password }, ip })
}

/** The last code the outbox provider "sent" to the number, read through the dev endpoint. */
export async function lastCode(app: App, phone: string): Promise<string> {
  const outbox = await call(app, 'GET', `dev/sms-outbox?phone=${encodeURIComponent(phone)}`)
  const [latest] = (outbox.body.data as { body: string }[]) ?? []
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1]
  if (!code) throw new Error(`no code in the outbox for ${phone}`)
  return code
}

export async function sendOtp(app: App, phone: string, type = 'login', ip?: string) {
  return call(app, 'POST', 'auth/customer/send-otp', { body: { phone, type }, ip })
}
