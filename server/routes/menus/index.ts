import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiError } from '../../../src/contract/common'
import { requestLanguage } from '../../../src/contract/language'
import { menuDocument, pageDocument } from '../../../src/contract/menu'
import { revalidateEachTime } from '../../plugins/revalidate'
import { RETURN_POLICY_SLUG, returnPolicyPage } from './return-policy'

const tags = ['menus and pages']
const shop = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .max(60)
const menuParams = z.object({
  shop,
  name: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .max(60),
})
const pageParams = z.object({
  shop,
  name: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(100),
})
// any other value is ignored (Accept-Language, then English, decide): an old link never fails
const pageQuery = z.object({ lang: z.string().max(10).optional() })

const notFound = (field: string, message: string) => ({ error: { [field]: [message] } })

/**
 * Menus and pages as static JSON documents under /storage/{shop}/… (no api key: they are public files).
 * A menu carries both languages; a page answers in the one asked for (`?lang=`, else Accept-Language).
 */
export default async function menuRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/storage/:shop/menus/:name.json',
    {
      schema: {
        tags,
        summary:
          "A menu document (main_menu, footer_menu, or home_page: the home page's sections, else the main menu)",
        params: menuParams,
        response: { 200: menuDocument, 404: apiError },
      },
      onSend: revalidateEachTime,
    },
    async (request, reply) => {
      const menu =
        request.params.shop === app.config.SHOP ? await app.content.menu(request.params.name) : null
      if (!menu) return reply.code(404).send(notFound('menu', 'Menu not found'))
      return menu
    },
  )

  app.get(
    '/storage/:shop/pages/:name.json',
    {
      schema: {
        tags,
        summary:
          "A content page document, in Bangla for ?lang=bn or Accept-Language: bn when it has one (return-policy: the settings' return policy)",
        params: pageParams,
        querystring: pageQuery,
        response: { 200: pageDocument, 404: apiError },
      },
      onSend: revalidateEachTime,
    },
    async (request, reply) => {
      const asked = requestLanguage(request.headers['accept-language'], request.query.lang)
      const { shop, name } = request.params
      const ours = shop === app.config.SHOP
      const found = !ours
        ? null
        : ((name === RETURN_POLICY_SLUG ? await returnPolicyPage(app, asked) : null) ??
          (await app.content.page(name, asked)))
      if (!found) return reply.code(404).send(notFound('page', 'Page not found'))
      reply.header('content-language', found.language)
      reply.header('vary', 'Accept-Language')
      return found.page
    },
  )
}
