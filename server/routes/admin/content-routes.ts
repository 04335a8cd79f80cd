import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  homeAnswer,
  homePreviewBody,
  homeSaveBody,
  MENU_MAX_ITEMS,
  type MenuEditItem,
  menuEditAnswer,
  menuName,
  menuSaveBody,
  pageCreateBody,
  pageEditAnswer,
  pageListAnswer,
  pagePreviewAnswer,
  pagePreviewBody,
  pageSaveBody,
  pageSlugParams,
} from '../../../src/contract/admin-content'
import { apiError } from '../../../src/contract/common'
import { type MenuItem, menuDocument } from '../../../src/contract/menu'
import { markdownToHtml } from '../../domain/markdown'
import { errorAnswerLanguage, HttpError, notFound, translateFields } from '../../plugins/errors'
import {
  type ContentChanged,
  ContentConflict,
  HOME_PAGE_MENU,
  MISSING_TARGET,
} from '../../repositories/content'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError }

/** A save refused because someone saved first: the message, and who and when for the editor. */
function sendConflict(request: FastifyRequest, reply: FastifyReply, error: ContentConflict) {
  const language = errorAnswerLanguage(request, reply)
  reply.header('cache-control', 'no-store')
  return reply.code(409).send({
    error: translateFields(error.fields, language),
    conflict: { by: error.by, at: error.at.toISOString() },
  })
}

/**
 * Menus, static pages and the home page's sections: owners and managers. Menus and pages are read by
 * shoppers from the database at each request of their documents (no kept copy to drop); their documents'
 * cache headers let a change show within a minute.
 */
export default async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const config = { capability: 'content.write' } as const
  const tags = ['admin']

  const audit =
    (request: FastifyRequest, action: string, objectType: string, objectId: string): ContentChanged =>
    (tx, before, after) =>
      app.audit.record(
        { staffId: request.staff?.id ?? null, ip: request.ip },
        { action, objectType, objectId, before, after },
        tx,
      )

  async function saving<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
    try {
      return await work()
    } catch (error) {
      if (error instanceof ContentConflict) return sendConflict(request, reply, error)
      throw error
    }
  }

  /** Items whose target does not exist, as the error answer's fields (`menu.2.url`, `menu.2.submenu.0.url`). */
  async function checkTargets(items: MenuEditItem[], field: string) {
    const flat = items.flatMap((item, index) => [
      { item, path: `${field}.${index}.url` },
      ...item.submenu.map((child, inner) => ({
        item: child,
        path: `${field}.${index}.submenu.${inner}.url`,
      })),
    ])
    if (flat.length > MENU_MAX_ITEMS) throw new HttpError(400, { [field]: ['At most 50 items'] })
    const missing = await app.content.missingTargets(flat.map(({ item }) => item))
    const fields: Record<string, string[]> = {}
    for (const { item, path } of flat) {
      if (missing.has(`${item.type}:${item.url}`))
        fields[path] = [MISSING_TARGET[item.type as keyof typeof MISSING_TARGET] ?? 'Not found']
    }
    if (Object.keys(fields).length > 0) throw new HttpError(400, fields)
  }

  app.get(
    '/admin/menus/:name',
    {
      config,
      schema: { tags, params: z.object({ name: menuName }), response: { 200: menuEditAnswer, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { menu, version } = await app.content.menuForEdit(request.params.name)
      return { data: { name: request.params.name, version, menu: menu as MenuEditItem[] } }
    },
  )

  /** Replaces a menu (main_menu, footer_menu); its targets must exist. Audit: `menu.update`. */
  app.put(
    '/admin/menus/:name',
    {
      config,
      schema: {
        tags,
        params: z.object({ name: menuName }),
        body: menuSaveBody,
        response: { 200: menuEditAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const menu = request.body.menu.map((item) => ({
        ...item,
        nameBn: item.nameBn || undefined,
        submenu: item.submenu.map((child) => ({ ...child, nameBn: child.nameBn || undefined })),
      })) as MenuItem[]
      await checkTargets(request.body.menu, 'menu')
      reply.header('cache-control', 'no-store')
      return saving(request, reply, async () => {
        const saved = await app.content.saveMenu(
          name,
          menu,
          request.body.version,
          audit(request, 'menu.update', 'menu', name),
        )
        return { data: { name, version: saved.version, menu: saved.menu as MenuEditItem[] } }
      })
    },
  )

  app.get(
    '/admin/pages',
    { config, schema: { tags, response: { 200: pageListAnswer, ...refusals } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.content.pages() }
    },
  )

  /** The HTML a page's Markdown gives shoppers (sanitised as the saved page is), for the editor's preview. */
  app.post(
    '/admin/pages/preview',
    { config, schema: { tags, body: pagePreviewBody, response: { 200: pagePreviewAnswer, ...refusals } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: { html: markdownToHtml(request.body.markdown) } }
    },
  )

  app.get(
    '/admin/pages/:slug',
    { config, schema: { tags, params: pageSlugParams, response: { 200: pageEditAnswer, ...refusals } } },
    async (request, reply) => {
      const page = await app.content.pageForEdit(request.params.slug)
      if (!page) throw notFound('slug', 'Page not found')
      reply.header('cache-control', 'no-store')
      return { data: page }
    },
  )

  /** A new page from its Markdown (rendered and sanitised for shoppers). Audit: `page.create`. */
  app.post(
    '/admin/pages',
    { config, schema: { tags, body: pageCreateBody, response: { 201: pageEditAnswer, ...refusals } } },
    async (request, reply) => {
      const { slug, ...input } = request.body
      const page = await app.content.createPage(slug, input, audit(request, 'page.create', 'page', slug))
      reply.header('cache-control', 'no-store')
      return reply.code(201).send({ data: page })
    },
  )

  /** Saves a page's texts and whether shoppers see it. Audit: `page.update`. */
  app.put(
    '/admin/pages/:slug',
    {
      config,
      schema: {
        tags,
        params: pageSlugParams,
        body: pageSaveBody,
        response: { 200: pageEditAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { slug } = request.params
      const { version, ...input } = request.body
      reply.header('cache-control', 'no-store')
      return saving(request, reply, async () => ({
        data: await app.content.savePage(slug, input, version, audit(request, 'page.update', 'page', slug)),
      }))
    },
  )

  /** Takes a page off the shop (shoppers get 404); it stays here to edit or publish again. Audit: `page.unpublish`. */
  app.delete(
    '/admin/pages/:slug',
    { config, schema: { tags, params: pageSlugParams, response: { 200: pageEditAnswer, ...refusals } } },
    async (request, reply) => {
      const { slug } = request.params
      reply.header('cache-control', 'no-store')
      return { data: await app.content.unpublishPage(slug, audit(request, 'page.unpublish', 'page', slug)) }
    },
  )

  app.get(
    '/admin/home',
    { config, schema: { tags, response: { 200: homeAnswer, ...refusals } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.content.homeForEdit() }
    },
  )

  /**
   * The home page's sections, in the order shoppers see them: banners, flash deals, rows of a category, a
   * brand or hand-picked products, each on the Dhaka days it is scheduled for. Published at once (the draft
   * goes), or kept as a draft with `draft: true`. Audit: `home.update` (published), `home.draft`.
   */
  app.put(
    '/admin/home',
    { config, schema: { tags, body: homeSaveBody, response: { 200: homeAnswer, ...refusals } } },
    async (request, reply) => {
      const { sections, version, draft } = request.body
      const fields = await app.content.checkHomeSections(sections)
      if (Object.keys(fields).length > 0) throw new HttpError(400, fields)
      reply.header('cache-control', 'no-store')
      return saving(request, reply, async () => ({
        data: await app.content.saveHome(
          sections,
          version,
          draft,
          audit(request, draft ? 'home.draft' : 'home.update', 'menu', HOME_PAGE_MENU),
        ),
      }))
    },
  )

  /** What shoppers' home page would show for these sections on a Dhaka day: nothing is saved. */
  app.post(
    '/admin/home/preview',
    { config, schema: { tags, body: homePreviewBody, response: { 200: menuDocument, ...refusals } } },
    async (request, reply) => {
      const { sections, on } = request.body
      const fields = await app.content.checkHomeSections(sections)
      if (Object.keys(fields).length > 0) throw new HttpError(400, fields)
      reply.header('cache-control', 'no-store')
      return app.content.homePreview(sections, on)
    },
  )
}
