import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Language } from '../../../src/contract/language'
import type { Db } from '../../db/client'
import type { CatalogueChange } from '../../plugins/change-feed'
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
 * `forget`, in every language, whenever the database announces a change (plugins/change-feed.ts).
 */
export function createCatalogue(db: Db, { embedded = false, now = Date.now }: CatalogueOptions = {}) {
  const refsCache = createRefsCache(db)
  const refs = (language: Language = 'en') => refsCache.get(language)
  const productJson = createProductJsonCache(db, now)
  const listings = createListings(db, refs, embedded, { now })
  return {
    refs,
    listingJson: listings.listingJson,
    listingKept: listings.listingKept,
    /** the listing's facet index is current (tests) */
    indexSettled: listings.indexSettled,
    ...createProductReads(db, refs, productJson),
    /** what a product page's head says of an active product, read fresh; null when there is none */
    meta: (key: string, language: Language = 'en') => productMeta(db, key, language),

    /** Drops what this instance keeps of a change (the change feed calls it for every instance's changes). */
    forget(change: CatalogueChange) {
      listings.indexChanged(change)
      if (change.all) {
        productJson.clear()
        listings.forget()
        refsCache.clear()
        return
      }
      if (change.products) productJson.forget(change.products)
      if (change.listings) listings.forget()
      if (change.refs) refsCache.clear()
    },
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
    const catalogue = createCatalogue(app.db, { embedded: app.dbKind === 'pglite' })
    app.changeFeed.subscribe(catalogue.forget)
    // the facet index loads while the server starts taking requests (listings use SQL until it is ready)
    app.addHook('onReady', async () => {
      catalogue
        .indexSettled()
        .catch((error: unknown) => app.log.warn({ err: error }, 'facet index not loaded'))
    })
    app.decorate('catalogue', catalogue)
  },
  { name: 'catalogue-repository', dependencies: ['context', 'change-feed'] },
)
