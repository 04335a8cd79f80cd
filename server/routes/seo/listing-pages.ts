import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { noControlCharacters } from '../../../src/contract/common'
import { isLanguage, type Language } from '../../../src/contract/language'
import { shopNameIn } from '../../repositories/settings'
import { type ListingPage, listingHead } from './listing-head'
import { listingScopeOf } from './page-status'
import type { productPageTemplate } from './product-page'

type Shell = { html: string; productPage: ReturnType<typeof productPageTemplate> }

export type ListingRouteDeps = {
  /** index.html and the page template made from it; null when there is no built app */
  shell: () => Promise<Shell | null>
  origin: string
  send: (reply: FastifyReply, html: string, language: Language) => FastifyReply
  sendMissing: (reply: FastifyReply, html: string, language: Language) => Promise<FastifyReply>
}

/** The scoped listings' paths, by what their slug names (src/routes/category, brand, flash-deal). */
const scopedPaths = { category: '/category', brand: '/brand', campaign: '/flash-deal' } as const

const slugParams = z.object({ slug: z.string().max(300).check(noControlCharacters()) })

/** What of a listing's query string its head reads; the rest (sort, filters) is the page's own business. */
function listingQuery(request: FastifyRequest): { language: Language; page: number; text: string } {
  const query = (request.query ?? {}) as Record<string, unknown>
  const page = Number(query.page)
  const text = typeof query.text === 'string' ? query.text.trim().slice(0, 200) : ''
  return {
    language: isLanguage(query.lang) ? query.lang : 'en',
    // as the app reads it (src/features/catalog/listing-search.ts): anything else is the first page
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    text,
  }
}

/**
 * The listing pages' heads, written by the server into the app's shell: a category, a brand, a campaign
 * running or yet to start (`noindex` until it starts; named in the page's language; an ended one: 404) and the search. Each names its canonical address (its page,
 * without sort or filters) and its title, so a crawler reads them without running the app (decision 0032).
 */
export function listingRoutes(base: FastifyInstance, deps: ListingRouteDeps) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  async function sendListing(reply: FastifyReply, shell: Shell, listing: ListingPage) {
    const { settings } = await app.settings.current()
    const { language } = listing
    const description = settings.seo.description[language] || settings.seo.description.en
    const head = listingHead(listing, deps.origin, shopNameIn(settings, language), description)
    return deps.send(reply, shell.productPage(language, head, null), language)
  }

  for (const [kind, prefix] of Object.entries(scopedPaths) as [keyof typeof scopedPaths, string][]) {
    app.get(`${prefix}/:slug`, { schema: { hide: true, params: slugParams } }, async (request, reply) => {
      const shell = await deps.shell()
      if (!shell) return reply.callNotFound()
      const { language, page } = listingQuery(request)
      const scope = await listingScopeOf(app, kind, request.params.slug, language)
      if (!scope) return deps.sendMissing(reply, shell.html, language)
      const path = `${prefix}/${encodeURIComponent(scope.slug)}`
      return sendListing(reply, shell, { language, path, name: scope.name, page, noindex: scope.upcoming })
    })
  }

  app.get('/search', { schema: { hide: true } }, async (request, reply) => {
    const shell = await deps.shell()
    if (!shell) return reply.callNotFound()
    const { language, page, text } = listingQuery(request)
    return sendListing(reply, shell, { language, path: '/search', text: text || undefined, page })
  })
}
