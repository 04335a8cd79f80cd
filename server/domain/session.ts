import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export const SESSION_DAYS = 365
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60

/** 32 random bytes (256 bits), base64url: what the shopper's browser holds. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database holds instead of the token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A token from `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header ?? '')
  return match?.[1] ?? null
}

export function looksLikeSessionToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(value)
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether a secret the request gave is the expected one (a token, a CSRF token). Both sides are hashed
 * first, so the comparison takes the same time whatever the given text's length or content.
 */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(expected))
}
