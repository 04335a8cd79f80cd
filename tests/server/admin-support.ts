import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { App } from '../../server/app'
import type { Db } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/password'
import { hashSessionToken, newSessionToken } from '../../server/domain/session'
import { csrfTokenFor } from '../../server/domain/staff'
import { CSRF_HEADER, STAFF_COOKIE, STAFF_MAX_MS, type StaffRole } from '../../src/contract/staff'
import { lastCode } from './auth-support'
import { apiHeaders } from './helpers'

type Json = Record<string, unknown>

/** The shop's origin as app.inject reaches it (Host: localhost:80) when PUBLIC_URL is not set. */
export const ORIGIN = 'http://localhost'

/** A staff session as the admin pages hold it: the cookie (sent by the browser) and the CSRF token. */
export type StaffCredentials = { cookie: string; csrf: string }

export type AdminAnswer = {
  status: number
  body: Json
  headers: Record<string, unknown>
  cookies: { name: string; value: string; [attribute: string]: unknown }[]
}

export type AdminCallOptions = {
  body?: unknown
  /** a staff session: its cookie, and its CSRF token on writes (unless `csrf` says otherwise) */
  as?: StaffCredentials
  /** the x-csrf-token header; null sends none */
  csrf?: string | null
  /** the Origin header; null sends none (writes send the shop's by default) */
  origin?: string | null
  /** a shopper's session cookie */
  shopper?: string
  headers?: Record<string, string>
  ip?: string
}

/** One call to /api/v1/admin/… as the admin pages make it: the api key, the shop's Origin, the session. */
export async function adminCall(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
  path: string,
  options: AdminCallOptions = {},
): Promise<AdminAnswer> {
  const headers: Record<string, string> = { ...apiHeaders }
  const writes = method !== 'GET' && method !== 'HEAD'
  const origin = options.origin === undefined ? (writes ? ORIGIN : null) : options.origin
  if (origin !== null) headers.origin = origin
  const cookies: string[] = []
  if (options.as) cookies.push(`${STAFF_COOKIE}=${options.as.cookie}`)
  if (options.shopper) cookies.push(`haat_session=${options.shopper}`)
  if (cookies.length) headers.cookie = cookies.join('; ')
  const csrf = options.csrf === undefined ? (writes ? options.as?.csrf : undefined) : options.csrf
  if (csrf) headers[CSRF_HEADER] = csrf
  Object.assign(headers, options.headers)
  const response = await app.inject({
    method,
    url: `/api/v1/admin/${path}`,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as Json }),
  })
  let body: Json = {}
  if (response.body) {
    try {
      body = response.json() as Json
    } catch {
      body = { text: response.body }
    }
  }
  return {
    status: response.statusCode,
    body,
    headers: response.headers,
    cookies: response.cookies as AdminAnswer['cookies'],
  }
}

/** The staff cookie an answer set, when it set one. */
export function staffCookieOf(answer: AdminAnswer) {
  return answer.cookies.find((cookie) => cookie.name === STAFF_COOKIE)
}

export type StaffSeed = {
  phone: string
  role: StaffRole | 'customer'
  /** the back office's password (a customer's: the shop's) */
  password?: string
  /** the shop's password of a staff member, when they have one */
  shopPassword?: string
  status?: 'active' | 'blocked'
  mustChangePassword?: boolean
  /** base32 secret of a confirmed authenticator app */
  totpSecret?: string
  firstName?: string
}

const hashOf = async (password: string | undefined) => (password ? hashPassword(password) : null)

/** A person written straight to the database, as an owner's invitation and setup would leave them. */
export async function createPerson(db: Db, seed: StaffSeed): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      phone: seed.phone,
      firstName: seed.firstName ?? 'Test',
      lastName: seed.role,
      adminType: seed.role,
      status: seed.status ?? 'active',
      passwordHash: await hashOf(seed.role === 'customer' ? seed.password : seed.shopPassword),
      staffPasswordHash: seed.role === 'customer' ? null : await hashOf(seed.password),
      phoneVerifiedAt: new Date(),
      mustChangePassword: seed.mustChangePassword ?? false,
      totpSecret: seed.totpSecret ?? null,
      totpEnabledAt: seed.totpSecret ? new Date() : null,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('person not written')
  return row.id
}

export async function setStatus(db: Db, id: number, status: 'active' | 'blocked') {
  await db.update(users).set({ status }).where(eq(users.id, id))
}

/** A staff session opened straight in the database (what `verify` opens), with its CSRF token. */
export async function openSession(app: App, userId: number): Promise<StaffCredentials> {
  const token = newSessionToken()
  await app.staffSessions.create({
    tokenHash: hashSessionToken(token),
    userId,
    userAgent: 'test',
    ip: '127.0.0.1',
    expiresAt: new Date(app.clock.now().getTime() + STAFF_MAX_MS),
  })
  return { cookie: token, csrf: csrfTokenFor(token, await app.staffSessions.csrfSecret()) }
}

/** The authenticator app's code at the app's time (or `offsetSteps` steps away). */
export function appCode(app: App, secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: app.clock.now().getTime() + offsetSteps * 30_000,
  })
}

/** Step 1: number and password. */
export function login(app: App, phone: string, password: string, ip?: string) {
  return adminCall(app, 'POST', 'auth/login', { body: { phone, password }, ip })
}

export function verify(app: App, challenge: string, method: 'sms' | 'totp', code: string, ip?: string) {
  return adminCall(app, 'POST', 'auth/verify', { body: { challenge, method, code }, ip })
}

/** Both steps with the SMS code from the dev outbox: the session's cookie and CSRF token. */
export async function signInBySms(
  app: App,
  phone: string,
  password: string,
  ip?: string,
): Promise<StaffCredentials & { answer: AdminAnswer }> {
  const step1 = await login(app, phone, password, ip)
  if (step1.status !== 200) throw new Error(`login answered ${step1.status} ${JSON.stringify(step1.body)}`)
  const { challenge } = step1.body.data as { challenge: string }
  const answer = await verify(app, challenge, 'sms', await lastCode(app, phone), ip)
  const cookie = staffCookieOf(answer)?.value
  if (answer.status !== 200 || !cookie) {
    throw new Error(`verify answered ${answer.status} ${JSON.stringify(answer.body)}`)
  }
  return { cookie, csrf: (answer.body.data as { csrfToken: string }).csrfToken, answer }
}

/** Moves the app's clock; every expiry and limit is measured against it. */
export function advanceClock(app: App, ms: number) {
  const previous = app.clock.now
  app.clock.now = () => new Date(previous().getTime() + ms)
}
