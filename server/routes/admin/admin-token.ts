import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The token of `Authorization: Bearer <token>`, whatever its characters, or null. */
export function adminBearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,500})$/i.exec(header ?? '')
  return match?.[1] ?? null
}

/**
 * Whether the given token is the configured one. Both sides are hashed first, so the comparison
 * takes the same time whatever the given token's length or content.
 */
export function isAdminToken(given: string | null, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== null
}
