import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { noControlCharacters } from '../../../src/contract/common'
import { brands, categories, products, skus } from '../../db/schema'
import { productIdOfKey } from '../../domain/product-key'
import { uploadsDir } from '../uploads/index'
import { injectHead, productHead } from './product-head'

/**
 * Server-rendered heads for shared links: GET /product/:slug answers the PWA's index.html with the
 * product's title, description, Open Graph tags, JSON-LD and LCP preload, so crawlers and link
 * previews see the product without running JavaScript. Also serves review photos.
 */
export default async function seoRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const indexPath = resolve(app.config.STATIC_DIR, 'index.html')
  // never the request's Host: a forged one would land in canonical links and shared previews
  const publicOrigin = app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`
  let cached: { mtimeMs: number; html: string } | null = null

  async function indexHtml(): Promise<string | null> {
    try {
      const info = await stat(indexPath)
      if (!cached || cached.mtimeMs !== info.mtimeMs) {
        cached = { mtimeMs: info.mtimeMs, html: await readFile(indexPath, 'utf8') }
      }
      return cached.html
    } catch {
      return null
    }
  }

  async function productMeta(slug: string) {
    const id = productIdOfKey(slug)
    const where = id === null ? eq(products.slug, slug) : eq(products.id, id)
    const [row] = await app.db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        shortDescription: products.shortDescription,
        longDescription: products.longDescription,
        brand: brands.name,
        category: categories.name,
        thumbnail: products.thumbnail,
        price: products.price,
        discountedPrice: products.discountedPrice,
        inStock: products.inStock,
        status: products.status,
        ratingAvg: products.ratingAvg,
        ratingCount: products.ratingCount,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .limit(1)
    if (row?.status !== 'active') return null
    const skuRows = await app.db.select({ sku: skus.sku }).from(skus).where(eq(skus.productId, row.id))
    return {
      ...row,
      description: row.shortDescription || row.longDescription,
      image: row.thumbnail.split(',')[0]?.trim() || null,
      skus: skuRows.map((s) => s.sku),
    }
  }

  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)

  app.get(
    '/product/:slug',
    { schema: { hide: true, params: z.object({ slug: z.string().max(300).check(noControlCharacters()) }) } },
    async (request, reply) => {
      const html = await indexHtml()
      if (!html) return reply.callNotFound()
      const meta = await productMeta(request.params.slug)
      if (!meta) return sendHtml(reply, html)
      return sendHtml(reply, injectHead(html, productHead(meta, publicOrigin)))
    },
  )

  const photos = uploadsDir(app.config.DATA_DIR)
  app.get(
    '/media/uploads/:name',
    { schema: { hide: true, params: z.object({ name: z.string().regex(/^[a-f0-9-]{36}\.webp$/) }) } },
    async (request, reply) => {
      const file = join(photos, request.params.name)
      try {
        await stat(file)
      } catch {
        return reply.code(404).send({ error: { file: ['Not found'] } })
      }
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file))
    },
  )
}
