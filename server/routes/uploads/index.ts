import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uploadResponse } from '../../../src/contract/reviews'
import { checkImage, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, unsupportedImage } from '../../media/catalogue-images'
import { loadSharp } from '../../media/local-files'
import { reserveOrRefuse } from '../../plugins/rate-limit'
import { readUploadedFile, uploaderOf } from '../../plugins/uploader'

export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES
const UPLOADS_PER_HOUR = 60

/**
 * Re-encodes a photo to WebP: the format is judged from the bytes (never the file name), images
 * above 25 megapixels are refused before decoding, and no metadata (EXIF, GPS) is carried over.
 */
export async function reencodePhoto(input: Buffer) {
  await checkImage(input)
  const sharp = await loadSharp()
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    throw unsupportedImage()
  }
}

/**
 * `POST file-uploader?for=review` (storefront §7): one photo per request, multipart field `file`, kept for its
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
      const photo = await reencodePhoto(await readUploadedFile(request))
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
