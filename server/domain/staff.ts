import { createHmac } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import { type Capability, can, isCapability } from '../../src/contract/permissions'
import type { StaffRole } from '../../src/contract/staff'

export { isStaffRole } from '../../src/contract/permissions'

/**
 * Who may reach a back-office route: those who have a capability (or any of several, when the handler
 * then checks each part of the request), or anyone ('public': the steps of signing in).
 */
export type StaffAccess = Capability | readonly Capability[] | 'public'

/** Whether `value` is a route's declaration of whom it admits: a known capability, some, or 'public'. */
export function isStaffAccess(value: unknown): value is StaffAccess {
  if (value === 'public' || isCapability(value)) return true
  return Array.isArray(value) && value.length > 0 && value.every(isCapability)
}

/** Whether a person of `adminType` may reach a route that admits those with `access`. */
export function accessAllows(adminType: string, access: Exclude<StaffAccess, 'public'>): boolean {
  const needed: readonly Capability[] = typeof access === 'string' ? [access] : access
  return needed.some((capability) => can(adminType, capability))
}

/** How a challenge lives: five minutes, five codes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000
export const CHALLENGE_MAX_ATTEMPTS = 5
/** A setup link works once, for three days. */
export const SETUP_TTL_MS = 72 * 60 * 60 * 1000
/** The link a start prints while the shop has no owner works once, for a day (each start prints a new one). */
export const FIRST_OWNER_TTL_MS = 24 * 60 * 60 * 1000
/** A session's last request is written down at most this often (its idle expiry is as exact). */
export const TOUCH_INTERVAL_MS = 60 * 1000

/** `017•••••678`: enough for its owner to know the number, not enough to give it away. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 6))}${phone.slice(-3)}`
}

/** The back office's texts begin with the shop's (English) name, as the shop's texts to shoppers do. */
export function staffCodeText(code: string, shop: string): string {
  return `${shop}: ${code} is your code to sign in to the back office. It expires in 5 minutes. Never share it.`
}

export function inviteText(role: StaffRole, setupUrl: string, shop: string): string {
  return `${shop}: you are invited to the back office as ${role}. Choose your password within 3 days: ${setupUrl}`
}

// ---------------------------------------------------------------- owners

/** A change the staff page asks for on one person. */
export type StaffChange = { role?: StaffRole; status?: 'active' | 'blocked' }

/**
 * Why an owner may not make this change, or null: nobody demotes or blocks themselves, and the shop always
 * keeps one active owner.
 */
export function ownerChangeProblem(input: {
  actorId: number
  target: { id: number; role: StaffRole; status: string }
  change: StaffChange
  /** active owners other than the target */
  otherActiveOwners: number
}): string | null {
  const { target, change } = input
  const demoted = change.role !== undefined && change.role !== 'owner'
  const blocked = change.status === 'blocked'
  if (target.id === input.actorId && (demoted || blocked)) {
    return 'You cannot change your own role or block yourself'
  }
  const activeOwner = target.role === 'owner' && target.status === 'active'
  if (activeOwner && (demoted || blocked) && input.otherActiveOwners === 0) {
    return 'The shop needs at least one active owner'
  }
  return null
}

// ---------------------------------------------------------------- CSRF

/** The token a staff session's writes carry: derived from the session token, so nothing is stored. */
export function csrfTokenFor(sessionToken: string, secret: string): string {
  return createHmac('sha256', secret).update(`staff-csrf:${sessionToken}`).digest('base64url')
}

/** The origin of an http(s) address (`https://shop.example.com`), null for anything else (`null`, junk). */
export function originOf(address: string | undefined): string | null {
  if (!address) return null
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

// ---------------------------------------------------------------- authenticator apps (RFC 6238)

const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const

/** A new secret of 160 bits (RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/**
 * What an app scans: the otpauth:// address, and it drawn as a QR code (an SVG data URL). The app lists the
 * code under `issuer`, the shop's (English) name when the person enrolled.
 */
export function totpEnrolment(secret: string, phone: string, issuer: string): { uri: string; qr: string } {
  const uri = new TOTP({
    ...TOTP_SETTINGS,
    issuer,
    label: phone,
    secret: Secret.fromBase32(secret),
  }).toString()
  const svg = renderSVG(uri, { ecc: 'M', border: 2 })
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/**
 * The time step of the app's code at `now`, one step either side allowed for clocks that differ; null
 * when the code is not right. The caller accepts a step only once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime()
  const delta = TOTP.validate({
    ...TOTP_SETTINGS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp,
    window: 1,
  })
  if (delta === null) return null
  return TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta
}
