import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { imageTooLarge, unsupportedImage } from '../media/catalogue-images'
import { cookieIsSecure } from './auth'
import { HttpError } from './errors'

/**
 * Who uploaded a photo, so that only they can attach it to a review: a signed-in shopper's account, or a
 * guest's upload key, a random value kept in an HttpOnly cookie of its own (only its hash is stored).
 */
export const GUEST_UPLOAD_COOKIE = 'haat_upload_key'
const GUEST_UPLOAD_KEY_SECONDS = 24 * 60 * 60
const guestKeyShape = /^[A-Za-z0-9_-]{43}$/

/** An uploader: a shopper's account, or the hash of a guest's upload key. */
export type Uploader = { userId: number | null; guestKeyHash: string | null }

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

function guestKey(request: FastifyRequest): string | null {
  const key = request.cookies[GUEST_UPLOAD_COOKIE]
  return key && guestKeyShape.test(key) ? key : null
}

/** The uploader of a new photo; a guest without a key gets one. */
export function uploaderOf(request: FastifyRequest, reply: FastifyReply): Uploader {
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
 * Whose uploads this request may attach: the signed-in shopper's, and those made with the guest key the
 * browser still holds (a photo chosen before signing in).
 */
export function requesterOf(request: FastifyRequest): Uploader {
  const key = guestKey(request)
  return { userId: request.user?.id ?? null, guestKeyHash: key ? hashKey(key) : null }
}

/** The one file of a multipart upload (field `file`), with the refusals every upload shares. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedImage()
  let buffer: Buffer | undefined
  try {
    const file = await request.file()
    if (!file) throw new HttpError(400, { file: ['Choose a photo to upload'] })
    buffer = await file.toBuffer()
  } catch (error) {
    if (error instanceof HttpError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
      throw imageTooLarge('A photo can be at most 5 MB')
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw unsupportedImage()
    throw new HttpError(400, { file: ['The upload could not be read'] })
  }
  return buffer
}
