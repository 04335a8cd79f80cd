import { createHash, randomBytes } from 'node:crypto'
import { eq, or, type SQL } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { uploads } from '../../db/schema'
import { cookieIsSecure } from '../../plugins/auth'

/**
 * Who uploaded a photo, so that only they can attach it to a review: a signed-in shopper's account, or a
 * guest's upload key, a random value kept in an HttpOnly cookie of its own (only its hash is stored).
 */
export const GUEST_UPLOAD_COOKIE = 'haat_upload_key'
const GUEST_UPLOAD_KEY_SECONDS = 24 * 60 * 60
const guestKeyShape = /^[A-Za-z0-9_-]{43}$/

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

function guestKey(request: FastifyRequest): string | null {
  const key = request.cookies[GUEST_UPLOAD_COOKIE]
  return key && guestKeyShape.test(key) ? key : null
}

/** The uploader of a new photo; a guest without a key gets one. */
export function uploaderOf(
  request: FastifyRequest,
  reply: FastifyReply,
): { userId: number | null; guestKeyHash: string | null } {
  if (request.user) return { userId: request.user.id, guestKeyHash: null }
  let key = guestKey(request)
  if (!key) {
    key = randomBytes(32).toString('base64url')
    reply.setCookie(GUEST_UPLOAD_COOKIE, key, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieIsSecure(request.server, request),
      maxAge: GUEST_UPLOAD_KEY_SECONDS,
    })
  }
  return { userId: null, guestKeyHash: hashKey(key) }
}

/**
 * Uploads this request may attach: the signed-in shopper's, and those made with the guest key the browser
 * still holds (a photo chosen before signing in). Null when it may attach none.
 */
export function uploadsOfRequester(request: FastifyRequest): SQL | null {
  const key = guestKey(request)
  const mine = [
    request.user ? eq(uploads.userId, request.user.id) : undefined,
    key ? eq(uploads.guestKeyHash, hashKey(key)) : undefined,
  ].filter((condition) => condition !== undefined)
  return mine.length ? (or(...mine) ?? null) : null
}
