import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Language } from '../../../src/contract/language'
import type { Db } from '../../db/client'
import { createListings } from './listings'
import { createProductJsonCache } from './product-json'
import { productMeta } from './product-meta'
import { createProductReads } from './product-reads'
import { createRefsCache } from './refs'

type CatalogueOptions = {
  /** the embedded database: this process is its only writer */
  embedded?: boolean
  now?: () => number
}

/**
 * Catalogue reads for the storefront: listing with facets, search, single products and product groups,
 * in English or Bangla (each read takes the language; English when none is given).
 * What it keeps (categories and brands, product JSON, listing pages; each per language) is dropped by
 * `forget…` after a write, in every language.
 */
export function createCatalogue(db: Db, { embedded = false, now = Date.now }: CatalogueOptions = {}) {
  const refsCache = createRefsCache(db)
  const refs = (language: Language = 'en') => refsCache.get(language)
  const productJson = createProductJsonCache(db, now)
  const listings = createListings(db, refs, embedded)
  return {
    refs,
    listingJson: listings.listingJson,
    ...createProductReads(db, refs, productJson),
    /** what a product page's head says of an active product, read fresh; null when there is none */
    meta: (key: string, language: Language = 'en') => productMeta(db, key, language),

    /** Drops what is kept of products this instance has just changed (stock taken, price edited). */
    forgetProducts(productIds: Iterable<number>) {
      productJson.forget(productIds)
    },

    /** Drops the kept listing pages and their counts (after a change of prices or of what is listed). */
    forgetListings: listings.forget,
  }
}

export type Catalogue = ReturnType<typeof createCatalogue>

declare module 'fastify' {
  interface FastifyInstance {
    /** storefront catalogue reads (products, listing, search) */
    catalogue: Catalogue
  }
}

export default fp(
  async function catalogueRepository(app: FastifyInstance) {
    app.decorate('catalogue', createCatalogue(app.db, { embedded: app.dbKind === 'pglite' }))
  },
  { name: 'catalogue-repository', dependencies: ['context'] },
)
