import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { shopAnswer } from '../../../src/contract/settings'
import { canonicalOrigin } from '../../config'
import { revalidateEachTime } from '../../plugins/revalidate'
import { shopInfo } from '../../repositories/settings'

/** What every storefront page shows of the shop (header, footer, checkout's delivery), as its owner saved it. */
export default async function shopRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const mediaRoot = app.config.MEDIA_PUBLIC_URL ?? '/media'
  const origin = canonicalOrigin(app.config)

  app.get(
    '/shop',
    { schema: { tags: ['shop'], response: { 200: shopAnswer } }, onSend: revalidateEachTime },
    async () => ({ data: { ...shopInfo((await app.settings.current()).settings, mediaRoot), origin } }),
  )
}
