import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminImageAnswer, adminImageQuery } from '../../../src/contract/admin-images'
import { apiError } from '../../../src/contract/common'
import { MAX_IMAGE_BYTES, storeCatalogueImage } from '../../media/catalogue-images'
import { readUploadedFile } from '../../plugins/uploader'

/**
 * The catalogue's and the shop's images (product photos included), uploaded from the back office
 * (src/contract/admin-images.ts); each upload is in the audit log as `image.upload`.
 */
export default async function imageRoutes(base: FastifyInstance) {
  await base.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/admin/images',
    {
      config: { capability: 'catalogue.write' },
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      schema: {
        tags: ['admin'],
        querystring: adminImageQuery,
        response: { 201: adminImageAnswer, 400: apiError, 413: apiError, 415: apiError },
      },
    },
    async (request, reply) => {
      const use = request.query.for
      const image = await storeCatalogueImage(app.media, await readUploadedFile(request), use)
      // the file is kept before its entry: a failed entry leaves an unused file, never an unrecorded one in use
      await app.audit.record(
        { staffId: request.staff?.id ?? null, ip: request.ip },
        { action: 'image.upload', objectType: 'image', objectId: image.path, after: { for: use, ...image } },
      )
      return reply.code(201).send({
        data: { ...image, url: `${app.config.MEDIA_PUBLIC_URL ?? '/media'}/${image.path}` },
      })
    },
  )
}
