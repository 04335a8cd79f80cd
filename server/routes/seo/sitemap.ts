import { gunzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { campaignStatusAt } from '../../domain/campaigns'
import { sitemapPages, sitemapProducts } from '../../repositories/sitemap'
import { mediaAddress } from './html'
import { hasReturnPolicy, RETURN_POLICY_PATH } from './page-status'
import {
  SITEMAP_LIMITS,
  type SitemapFile,
  type SitemapLimits,
  type SitemapPage,
  sitemapIndex,
  sitemapWriter,
} from './sitemap-xml'

/** The kinds of page the sitemap lists, each in files of its own: `/sitemap-{kind}-{n}.xml`. */
export const sitemapKinds = ['products', 'categories', 'brands', 'campaigns', 'pages'] as const
export type SitemapKind = (typeof sitemapKinds)[number]

/** A path segment: a slug as the app's links write it. */
const segment = (slug: string) => encodeURIComponent(slug)

export type SitemapOptions = {
  /** the public origin every address starts with */
  origin: string
  /** where catalogue pictures are served from (MEDIA_PUBLIC_URL), else `{origin}/media` */
  mediaOrigin?: string
  limits?: SitemapLimits
  now?: () => Date
}

/**
 * The shop's sitemaps: what a shopper can see (active products, every category and brand, the campaigns
 * running now, the published pages), each page in English and Bangla. The products' files are written once
 * and kept, gzipped; after a catalogue change (the change feed, decision 0017) the next request is answered from
 * the kept files and starts writing new ones, one write at a time: at 100,000 products they take seconds, which
 * no crawler waits for (only the very first write is waited for). The others are a few hundred rows read from memory (the
 * catalogue's refs) or one small query, and are written at each request, so a page published or a campaign
 * starting shows at once.
 */
export function createSitemaps(app: FastifyInstance, options: SitemapOptions) {
  const { origin, limits = SITEMAP_LIMITS, now = () => new Date() } = options
  const mediaRoot = options.mediaOrigin ?? `${origin}/media`
  /** the last products' files written, and the catalogue's generation they were written from */
  let built: { files: SitemapFile[]; generation: number } | null = null
  /** the write under way, if any: one at a time */
  let building: Promise<SitemapFile[]> | null = null
  /** bumped by every change the products' files may show */
  let generation = 0

  app.changeFeed.subscribe((change) => {
    // a sold count or a stock level changes no address, picture or save date
    if (change.all || change.listings || change.refs) generation += 1
  })

  async function write(pages: Iterable<SitemapPage> | AsyncIterable<SitemapPage>) {
    const writer = sitemapWriter(origin, limits)
    for await (const page of pages) writer.add(page)
    return writer.finish()
  }

  async function* productPages(): AsyncGenerator<SitemapPage> {
    for await (const product of sitemapProducts(app.db)) {
      yield {
        path: `/product/${segment(product.slug)}`,
        lastmod: product.updatedAt,
        images: product.images.map((image) => mediaAddress(image, mediaRoot)),
      }
    }
  }

  /** Writes the products' files again, unless a write is under way (its files are the ones to wait for). */
  function rebuild(): Promise<SitemapFile[]> {
    if (building) return building
    const from = generation
    const run = write(productPages()).then(
      (files) => {
        building = null
        built = { files, generation: from }
        return files
      },
      (error: unknown) => {
        building = null
        app.log.error(error, "the products' sitemap could not be written")
        throw error
      },
    )
    building = run
    return run
  }

  /**
   * The products' files: the kept ones at once, starting the next write when the catalogue changed since (a
   * crawler never waits for it); only the very first write is waited for.
   */
  function productFiles(): Promise<SitemapFile[]> {
    if (!built) return rebuild()
    if (built.generation !== generation) void rebuild().catch(() => {})
    return Promise.resolve(built.files)
  }

  async function smallFiles(kind: Exclude<SitemapKind, 'products'>): Promise<SitemapFile[]> {
    const refs = await app.catalogue.refs('en')
    if (kind === 'categories') {
      return write([...refs.categories.values()].map((c) => ({ path: `/category/${segment(c.slug)}` })))
    }
    if (kind === 'brands') {
      return write([...refs.brands.values()].map((b) => ({ path: `/brand/${segment(b.slug)}` })))
    }
    if (kind === 'campaigns') {
      const at = now()
      const running = [...refs.campaigns.values()].filter(
        (c) => campaignStatusAt(c.startsAt, c.endsAt, at) === 'running',
      )
      return write(running.map((c) => ({ path: `/flash-deal/${segment(c.slug)}` })))
    }
    const pages = await sitemapPages(app.db)
    const policy = (await hasReturnPolicy(app)) && !pages.some((page) => page.slug === RETURN_POLICY_PATH)
    return write([
      { path: '/' },
      ...pages.map((page) => ({ path: `/${segment(page.slug)}`, lastmod: page.updatedAt })),
      ...(policy ? [{ path: `/${RETURN_POLICY_PATH}` }] : []),
    ])
  }

  const filesOf = (kind: SitemapKind) => (kind === 'products' ? productFiles() : smallFiles(kind))
  const fileAddress = (kind: SitemapKind, n: number) => `${origin}/sitemap-${kind}-${n}.xml`

  return {
    /** the sitemap index: every file of every kind (a kind with no page has none) */
    async index(): Promise<string> {
      const all = await Promise.all(sitemapKinds.map(async (kind) => ({ kind, files: await filesOf(kind) })))
      return sitemapIndex(
        all.flatMap(({ kind, files }) =>
          files.map((file, at) => ({ loc: fileAddress(kind, at + 1), lastmod: file.lastmod })),
        ),
      )
    },
    /** the products' files being written now, if they are: settles when the write has ended */
    rebuilding(): Promise<unknown> | null {
      return building
    },
    /** the `n`th file (from 1) of a kind, null when there is none */
    async file(kind: SitemapKind, n: number): Promise<SitemapFile | null> {
      return (await filesOf(kind))[n - 1] ?? null
    },
  }
}

export type Sitemaps = ReturnType<typeof createSitemaps>

const XML = 'application/xml; charset=utf-8'
/** crawlers read the sitemap a few times a day: an hour's copy in a shared cache spares the server */
const CACHE = 'public, max-age=3600'

function sendGzipped(request: FastifyRequest, reply: FastifyReply, gzip: Buffer) {
  reply.header('cache-control', CACHE).header('vary', 'Accept-Encoding').type(XML)
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(gzip)
  }
  return reply.send(gunzipSync(gzip))
}

const fileParams = z.object({ n: z.coerce.number().int().min(1).max(100_000) })

/** GET /sitemap.xml (the index) and GET /sitemap-{kind}-{n}.xml (its files). */
export function sitemapRoutes(base: FastifyInstance, sitemaps: Sitemaps) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', CACHE)
      .type(XML)
      .send(await sitemaps.index()),
  )
  for (const kind of sitemapKinds) {
    app.get(
      `/sitemap-${kind}-:n.xml`,
      { schema: { hide: true, params: fileParams } },
      async (request, reply) => {
        const file = await sitemaps.file(kind, request.params.n)
        if (!file) return reply.code(404).send({ error: { route: ['Not found'] } })
        return sendGzipped(request, reply, file.gzip)
      },
    )
  }
}
