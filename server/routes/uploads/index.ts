import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Metadata } from 'sharp'
import { z } from 'zod'
import { uploadResponse } from '../../../src/contract/reviews'
import { loadSharp } from '../../media/local-files'
import { HttpError } from '../../plugins/errors'
import { reserveOrRefuse } from '../../plugins/rate-limit'
import { uploaderOf } from '../../plugins/uploader'

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const MAX_UPLOAD_PIXELS = 25_000_000
const acceptedFormats = new Set(['jpeg', 'png', 'webp'])
const UPLOADS_PER_HOUR = 60

const tooLarge = (message: string) => new HttpError(413, { file: [message] })
const unsupported = () => new HttpError(415, { file: ['Only JPEG, PNG or WebP photos can be uploaded'] })

async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupported()
  let buffer: Buffer | undefined
  try {
    const file = await request.file()
    if (!file) throw new HttpError(400, { file: ['Choose a photo to upload'] })
    buffer = await file.toBuffer()
  } catch (error) {
    if (error instanceof HttpError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
      throw tooLarge('A photo can be at most 5 MB')
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw unsupported()
    throw new HttpError(400, { file: ['The upload could not be read'] })
  }
  return buffer
}

/**
 * Re-encodes a photo to WebP: the format is judged from the bytes (never the file name), images
 * above 25 megapixels are refused before decoding, and no metadata (EXIF, GPS) is carried over.
 */
export async function reencodePhoto(input: Buffer) {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    // reading the header decodes no pixels, so the size can be judged before any decoding
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw tooLarge('A photo can be at most 25 megapixels')
    throw unsupported()
  }
  if (!meta.format || !acceptedFormats.has(meta.format)) throw unsupported()
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) {
    throw tooLarge('A photo can be at most 25 megapixels')
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    throw unsupported()
  }
}

/**
 * `POST file-uploader?for=review` (SPEC §7): one photo per request, multipart field `file`, kept for its
 * uploader alone (`plugins/uploader.ts`).
 */
export default async function uploadRoutes(base: FastifyInstance) {
  await base.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/file-uploader',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        tags: ['uploads'],
        querystring: z.object({ for: z.enum(['review']) }),
        response: { 201: uploadResponse },
      },
    },
    async (request, reply) => {
      await reserveOrRefuse(
        app,
        [{ key: `upload:${request.ip}`, max: UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }],
        'file',
        'Too many uploads.',
      )
      const photo = await reencodePhoto(await readFile(request))
      // a random name, never the shopper's: stored whole in the media store every instance reads
      const path = `uploads/${randomUUID()}.webp`
      await app.media.put(path, photo.data, 'image/webp')
      await app.uploads.record({
        purpose: request.query.for,
        path,
        ...uploaderOf(request, reply),
        bytes: photo.data.length,
      })
      return reply.code(201).send({
        data: {
          path,
          url: `${app.config.MEDIA_PUBLIC_URL ?? '/media'}/${path}`,
          width: photo.width,
          height: photo.height,
        },
      })
    },
  )
}
