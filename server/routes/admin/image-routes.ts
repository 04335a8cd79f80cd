import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminImageAnswer, adminImageQuery } from '../../../src/contract/admin-images'
import { apiError } from '../../../src/contract/common'
import { MAX_IMAGE_BYTES, storeCatalogueImage } from '../../media/catalogue-images'
import { readUploadedFile } from '../../plugins/uploader'

/** The catalogue's and the shop's images, uploaded from the back office (src/contract/admin-images.ts). */
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
      const image = await storeCatalogueImage(app.media, await readUploadedFile(request), request.query.for)
      return reply.code(201).send({
        data: { ...image, url: `${app.config.MEDIA_PUBLIC_URL ?? '/media'}/${image.path}` },
      })
    },
  )
}
