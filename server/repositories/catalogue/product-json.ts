import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { LANGUAGES, type Language } from '../../../src/contract/language'
import { product as productSchema } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import type { CatalogueRefs } from './refs'
import { type DetailRow, detailSql, type SkuRow, toProduct } from './rows'

/** How many answers are kept, of products in either language (about 2.5 KB each, 5 KB in Bangla)... */
const CACHE_SIZE = 10_000
/**
 * ...and how many bytes of them at most, the oldest going first: room for the 10,000 in English, half as many
 * in Bangla, so a shop browsed in Bangla does not keep twice the memory. (12 MB held too few for the carts and
 * wish lists of a busy shop: 20 products in each of 300 carts, read again and again, were read from the
 * database every time: 135 instead of thousands of answers a second.)
 */
const CACHE_BYTES = 24 * 1024 * 1024
/** For this long a kept answer is served without a look at the database; after that it is checked in the background. */
export const PRODUCT_FRESH_MS = 5_000
/** Checks wait this long to be gathered into one query of up to CHECK_BATCH products. */
const CHECK_DELAY_MS = 50
const CHECK_BATCH = 500
/** Longest a kept answer lives at all, however often it is checked. */
const MAX_AGE_MS = 10 * 60_000

type Entry = {
  version: string
  refs: CatalogueRefs
  checkedAt: number
  /** when the answer changes by the clock alone (a campaign of the product starting or ending), or MAX_AGE_MS */
  until: number
  json: Buffer
  checking: boolean
}
type VersionRow = { id: number; version: string }

/** Changes whenever the product row or any of its sku rows is written: `xmin` is the writing transaction. */
const versionSql =
  sql.raw(`p.xmin::text || ':' || coalesce((select string_agg(s.xmin::text, '.' order by s.id)
  from skus s where s.product_id = p.id), '')`)
const idList = (ids: number[]) => sql`${`{${ids.join(',')}}`}::integer[]`
/** A kept answer's key: the product and the language it is written in. */
const keyOf = (id: number, language: Language) => `${language}:${id}`

/**
 * JSON text in memory of its own. `Buffer.from` puts a small text in a shared 8 KB slab, and a kept answer
 * would keep its whole slab alive (other requests' leftovers with it): kept answers get exactly their size.
 */
export function ownedJson(text: string): Buffer {
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  json.write(text)
  return json
}

/**
 * Each product's answer (storefront §3 "Product (as read)"), checked against the contract and serialized
 * once, then reused. A kept answer is served as it is for PRODUCT_FRESH_MS; the first request after
 * that still gets it at once while its rows' versions are compared in the background, and a changed
 * product is read again. Writes made through this instance (orders taking stock, price changes) drop
 * the affected answers at once with `forget`; writes through another instance show within
 * PRODUCT_FRESH_MS plus one request. Checkout never relies on these answers: it reads the rows itself.
 * Each language's answer is kept apart (the language of the refs it is read with), and dropped with the other.
 */
export function createProductJsonCache(db: Db, now: () => number = Date.now, maxBytes = CACHE_BYTES) {
  const entries = new Map<string, Entry>()
  /** the kept answers' bytes */
  let bytes = 0
  function drop(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.json.length
    entries.delete(key)
  }
  /** Products due for a check, gathered for a moment so that one query checks many, by the refs they were read with. */
  const due = new Map<CatalogueRefs, Set<number>>()
  let checkScheduled = false

  function checkSoon(id: number, refs: CatalogueRefs) {
    const ids = due.get(refs) ?? new Set<number>()
    ids.add(id)
    due.set(refs, ids)
    if (checkScheduled) return
    checkScheduled = true
    setTimeout(() => {
      checkScheduled = false
      const batches = [...due]
      due.clear()
      for (const [refs, ids] of batches) {
        const all = [...ids]
        for (let start = 0; start < all.length; start += CHECK_BATCH) {
          revalidate(all.slice(start, start + CHECK_BATCH), refs).catch(() => {})
        }
      }
    }, CHECK_DELAY_MS)
  }

  function keep(key: string, entry: Entry) {
    drop(key)
    while (entries.size > 0 && (entries.size >= CACHE_SIZE || bytes + entry.json.length > maxBytes))
      drop(entries.keys().next().value as string)
    entries.set(key, entry)
    bytes += entry.json.length
  }

  function validUntil(row: DetailRow, refs: CatalogueRefs, at: number): number {
    let until = at + MAX_AGE_MS
    for (const id of row.campaign_ids) {
      const campaign = refs.campaigns.get(id)
      if (!campaign) continue
      for (const edge of [campaign.startsAt.getTime(), campaign.endsAt.getTime()]) {
        if (edge > at && edge < until) until = edge
      }
    }
    return until
  }

  /** Reads the products in full and keeps their answers; gives back the answers of those found. */
  async function load(ids: number[], refs: CatalogueRefs): Promise<Map<number, Buffer>> {
    const rows = await queryRows<DetailRow & VersionRow & { skus: SkuRow[] | string | null }>(
      db,
      sql`select ${detailSql[refs.language]}, ${versionSql} as version, (
            select json_agg(json_build_object(
              'id', s.id, 'product_id', s.product_id, 'sku', s.sku, 'price', s.price,
              'discounted_price', s.discounted_price, 'discounted_value', s.discounted_value,
              'stock_quantity', s.stock_quantity, 'vat', s.vat, 'attributes', s.attributes) order by s.id)
            from skus s where s.product_id = p.id) as skus
          from products p where p.status = 'active' and p.id = any(${idList(ids)})`,
    )
    const at = now()
    const found = new Map<number, Buffer>()
    for (const row of rows) {
      const skus = typeof row.skus === 'string' ? (JSON.parse(row.skus) as SkuRow[]) : (row.skus ?? [])
      // checked by parsing (no codecs in the schema: as encoding would check it, on zod's compiled path)
      const json = ownedJson(JSON.stringify(z.parse(productSchema, toProduct(row, skus, refs, new Date(at)))))
      const until = validUntil(row, refs, at)
      keep(keyOf(row.id, refs.language), {
        version: row.version,
        refs,
        checkedAt: at,
        until,
        json,
        checking: false,
      })
      found.set(row.id, json)
    }
    for (const id of ids) if (!found.has(id)) drop(keyOf(id, refs.language))
    return found
  }

  /** Compares kept answers with their rows: unchanged ones count as checked, changed ones are read again. */
  async function revalidate(ids: number[], refs: CatalogueRefs) {
    try {
      const rows = await queryRows<VersionRow>(
        db,
        sql`select p.id, ${versionSql} as version from products p
            where p.status = 'active' and p.id = any(${idList(ids)})`,
      )
      const versions = new Map(rows.map((row) => [row.id, row.version]))
      const changed: number[] = []
      for (const id of ids) {
        const entry = entries.get(keyOf(id, refs.language))
        if (!entry) continue
        if (!versions.has(id)) drop(keyOf(id, refs.language))
        else if (versions.get(id) !== entry.version) changed.push(id)
        else entry.checkedAt = now()
      }
      if (changed.length > 0) await load(changed, refs)
    } finally {
      for (const id of ids) {
        const entry = entries.get(keyOf(id, refs.language))
        if (entry) entry.checking = false
      }
    }
  }

  return {
    /**
     * The JSON (UTF-8) of each active product among `ids`, in the order of `ids`, in the language of
     * `refs`; unknown ids are skipped.
     */
    async many(ids: number[], refs: CatalogueRefs): Promise<Buffer[]> {
      const at = now()
      const missing: number[] = []
      for (const id of ids) {
        const entry = entries.get(keyOf(id, refs.language))
        if (!entry || entry.refs !== refs || entry.until <= at) missing.push(id)
        else if (!entry.checking && at - entry.checkedAt > PRODUCT_FRESH_MS) {
          entry.checking = true
          checkSoon(id, refs)
        }
      }
      const loaded = missing.length > 0 ? await load(missing, refs) : new Map<number, Buffer>()
      const answers: Buffer[] = []
      for (const id of ids) {
        const json =
          loaded.get(id) ?? (missing.includes(id) ? undefined : entries.get(keyOf(id, refs.language))?.json)
        if (json !== undefined) answers.push(json)
      }
      return answers
    },

    /** Drops every kept answer. */
    clear() {
      entries.clear()
      bytes = 0
    },

    /** Drops the kept answers, in every language, of products that have changed. */
    forget(productIds: Iterable<number>) {
      for (const id of productIds) for (const language of LANGUAGES) drop(keyOf(id, language))
    },
  }
}

export type ProductJsonCache = ReturnType<typeof createProductJsonCache>
