import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { noControlCharacters } from '../../../src/contract/common'
import { isLanguage, type Language } from '../../../src/contract/language'
import { product as productSchema } from '../../../src/contract/product'
import { canonicalOrigin } from '../../config'
import { productIdOfKey } from '../../domain/product-key'
import { shopNameIn } from '../../repositories/settings'
import { listingRoutes } from './listing-pages'
import { manifestRoute } from './manifest'
import { productHead, withDefaultHead } from './product-head'
import { type OutlinedProduct, productOutline } from './product-outline'
import { productPageTemplate } from './product-page'
import { robotsRoute } from './robots'
import { createSitemaps, sitemapRoutes } from './sitemap'

/**
 * Server-rendered heads for shared links: GET /product/:slug answers the PWA's index.html with the
 * product's title, description, Open Graph tags, JSON-LD and LCP preload, so crawlers and link
 * previews see the product without running JavaScript, and with the outline of its page's first screen
 * (breadcrumb and main picture), so the picture paints before the app's code has arrived.
 * The page's language is its address's: `?lang=bn` is the Bangla page, the bare address the English one
 * (what the hreflang alternates say), whatever the visitor's `Accept-Language`. The web app manifest is named
 * as the shop's settings name it (manifest.ts). The listing pages get their heads too (listing-pages.ts), an
 * address that names nothing answers 404 (page-status.ts, with the static site's fallback), and search engines
 * find the shop's pages in its sitemaps and robots.txt (docs/search-engines.md).
 */
export default async function seoRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const indexPath = resolve(app.config.STATIC_DIR, 'index.html')
  const publicOrigin = canonicalOrigin(app.config)
  let cached: { mtimeMs: number; html: string; productPage: ReturnType<typeof productPageTemplate> } | null =
    null

  async function indexHtml() {
    try {
      const info = await stat(indexPath)
      if (!cached || cached.mtimeMs !== info.mtimeMs) {
        const html = await readFile(indexPath, 'utf8')
        cached = { mtimeMs: info.mtimeMs, html, productPage: productPageTemplate(html) }
      }
      return cached
    } catch {
      return null
    }
  }

  /** What the outline shows of each kept product answer, read once from it (and gone with it). */
  const outlined = new WeakMap<Buffer, OutlinedProduct | null>()
  const mediaRoot = app.config.MEDIA_PUBLIC_URL ?? '/media'

  /** What the product's page shows first, from the very answer the app asks for; none when it cannot be had. */
  async function outlinedProduct(id: number, language: Language): Promise<OutlinedProduct | null> {
    try {
      const json = await app.catalogue.keptProductJson(id, language)
      if (!json) return null
      let product = outlined.get(json)
      if (product === undefined) {
        const answer = productSchema.safeParse(JSON.parse(String(json)))
        product = answer.success
          ? {
              name: answer.data.name,
              thumbnail: answer.data.thumbnail,
              categoryPath: answer.data.categoryPath,
            }
          : null
        outlined.set(json, product)
      }
      return product
    } catch {
      return null
    }
  }

  manifestRoute(app)
  robotsRoute(app, publicOrigin)
  sitemapRoutes(app, createSitemaps(app, { origin: publicOrigin, mediaOrigin: app.config.MEDIA_PUBLIC_URL }))

  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)

  /** The app's shell for an address with nothing behind it: 404, and the app shows its not-found page. */
  async function sendMissing(reply: FastifyReply, html: string, language: Language) {
    const { settings, updatedAt } = await app.settings.current()
    const { seo } = settings
    const inLanguage = (text: { en: string; bn: string }) => text[language] || text.en
    reply.code(404)
    // index.html carries the first start's title and description; saved ones replace them
    if (updatedAt === null) return sendHtml(reply, html)
    return sendHtml(reply, withDefaultHead(html, inLanguage(seo.title), inLanguage(seo.description)))
  }

  app.get(
    '/product/:slug',
    { schema: { hide: true, params: z.object({ slug: z.string().max(300).check(noControlCharacters()) }) } },
    async (request, reply) => {
      const shell = await indexHtml()
      if (!shell) return reply.callNotFound()
      const { html, productPage } = shell
      const { lang } = (request.query ?? {}) as { lang?: unknown }
      const language = isLanguage(lang) ? lang : 'en'
      const meta = await app.catalogue.meta(request.params.slug, language)
      if (!meta) return sendMissing(reply, html, language)
      const { settings } = await app.settings.current()
      // a former address moves for good to the product's address now, as crawlers and shared links expect
      if (meta.slug !== request.params.slug && productIdOfKey(request.params.slug) === null) {
        const query = language === 'bn' ? '?lang=bn' : ''
        return reply.redirect(`/product/${encodeURIComponent(meta.slug)}${query}`, 301)
      }
      reply.header('content-language', language)
      const product = await outlinedProduct(meta.id, language)
      const head = productHead(
        meta,
        publicOrigin,
        app.config.MEDIA_PUBLIC_URL,
        shopNameIn(settings, language),
        product?.categoryPath,
      )
      const outline = product ? productOutline(product, request.params.slug, language, mediaRoot) : null
      return sendHtml(reply, productPage(language, head, outline))
    },
  )

  listingRoutes(app, {
    shell: indexHtml,
    origin: publicOrigin,
    send: (reply, html, language) => {
      reply.header('content-language', language)
      return sendHtml(reply, html)
    },
    sendMissing,
  })
}
