import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { createRng } from '../../server/db/seed/prng'
import { createListings, type ListingInput } from '../../server/repositories/catalogue/listings'
import { createRefsCache } from '../../server/repositories/catalogue/refs'
import type { Language } from '../../src/contract/language'
import {
  type ListingFilters,
  type ListingResponse,
  newWithinDays,
  sortOptions,
} from '../../src/contract/product'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'

// The listing's facet index (server/repositories/catalogue/facet-index.ts) against the SQL that answers without
// it: for random filter combinations the products of the page, the total and every facet count are the same,
// and they stay the same after random writes of the catalogue through the back office.
let t: TestApp
let owner: StaffCredentials
let plain: ReturnType<typeof createListings>
let indexed: ReturnType<typeof createListings>

type Values = {
  categories: string[]
  brands: string[]
  campaigns: string[]
  sizes: string[]
  colours: string[]
  words: string[]
  ids: number[]
  maxPrice: number
}
let values: Values

async function readValues(): Promise<Values> {
  const slugs = (table: string) =>
    queryRows<{ slug: string }>(t.db, sql.raw(`select slug from ${table} order by id`)).then((rows) =>
      rows.map((row) => row.slug),
    )
  const [categories, brands, campaigns] = await Promise.all([
    slugs('categories'),
    slugs('brands'),
    slugs('campaigns'),
  ])
  const rows = await queryRows<{
    id: number
    sizes: string[]
    colours: string[]
    search_text: string
    price: string
  }>(t.db, sql`select id, sizes, colours, search_text, discounted_price as price from products order by id`)
  const words = new Set<string>()
  let lastLong: string[] | null = null
  for (const row of rows) {
    const split = row.search_text.split(' ')
    split.forEach((word, i) => {
      // across two words: the end of one and the start of the next (English, Bangla, and the Bangla name's start)
      const next = split[i + 1]
      if (next && i % 3 === 0) {
        words.add(`${[...word].slice(-3).join('')} ${[...next].slice(0, 2).join('')}`)
        words.add(`${word} ${next}`)
      }
    })
    for (const word of split) {
      if ([...word].length < 2 || word === '।') continue
      const letters = [...word]
      // whole words, their beginnings and their middles: every rank of a search
      words.add(word)
      words.add(letters.slice(0, Math.max(2, letters.length - 2)).join(''))
      if (letters.length > 4) words.add(letters.slice(1, 4).join(''))
      // a long word's start mistyped: no correction, only look-alike words find it (with two of them, words
      // alike in different measure)
      if (letters.length > 6) {
        words.add(`${letters[0]}${letters[1]}${letters[1]}q`)
        if (lastLong)
          words.add(`${letters[0]}${letters[1]}${letters[1]}q ${lastLong.slice(0, 3).join('')}qxzqxz`)
        lastLong = letters
      }
    }
  }
  return {
    categories: [...categories, 'no-such-category'],
    brands: [...brands, 'no-such-brand'],
    campaigns,
    sizes: [...new Set(rows.flatMap((row) => row.sizes))],
    colours: [...new Set(rows.flatMap((row) => row.colours))],
    words: [...words, 'zzzq'],
    ids: rows.map((row) => row.id),
    maxPrice: Math.max(...rows.map((row) => Number(row.price))),
  }
}

function randomInput(rng: ReturnType<typeof createRng>): ListingInput {
  const filters: ListingFilters = {}
  if (rng.chance(0.7)) filters.sort = rng.pick(sortOptions)
  if (rng.chance(0.4)) filters.category = rng.pick(values.categories)
  if (rng.chance(0.3)) filters.brand = rng.sample(values.brands, rng.int(1, 3))
  if (rng.chance(0.15) && values.campaigns.length) filters.campaign = rng.pick(values.campaigns)
  if (rng.chance(0.3)) filters.size = rng.sample(values.sizes, rng.int(1, 2))
  if (rng.chance(0.3)) filters.colour = rng.sample(values.colours, rng.int(1, 2))
  if (rng.chance(0.3)) filters.minPrice = Math.round(rng.next() * values.maxPrice * 0.6)
  if (rng.chance(0.3)) filters.maxPrice = Math.round(values.maxPrice * (0.3 + rng.next() * 0.7))
  if (rng.chance(0.2)) filters.inStock = true
  if (rng.chance(0.2)) filters.discount = true
  if (rng.chance(0.2)) filters.new = rng.pick(newWithinDays)
  const language: Language = rng.chance(0.3) ? 'bn' : 'en'
  return {
    currentPage: rng.int(1, 4),
    perPage: rng.pick([5, 12, 24]),
    filters,
    ...(rng.chance(0.45) && { search: rng.pick(values.words) }),
    ...(rng.chance(0.1) && { facets: 'false' as const }),
    language,
  }
}

const answer = async (listings: typeof plain, input: ListingInput) =>
  JSON.parse((await listings.listingJson(input)).toString()) as ListingResponse

/** The same combinations through both: every difference is reported with its input. */
async function compare(seed: number, count: number) {
  const rng = createRng(seed)
  await indexed.indexSettled()
  const differences: unknown[] = []
  for (let n = 0; n < count; n++) {
    const input = randomInput(rng)
    const [expected, actual] = [await answer(plain, input), await answer(indexed, input)]
    try {
      expect(actual).toEqual(expected)
    } catch {
      differences.push({ input, expected: summary(expected), actual: summary(actual) })
    }
  }
  expect(differences.slice(0, 3)).toEqual([])
}

const summary = (listing: ListingResponse) => ({
  ids: listing.data.map((product) => product.id),
  total: listing.total,
  hasNext: listing.hasNext,
  facets: listing.facets,
})

beforeAll(async () => {
  t = await createTestApp({ products: 400 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730009001', role: 'owner' }))
  const refsCache = createRefsCache(t.db)
  const refs = (language: Language = 'en') => refsCache.get(language)
  plain = createListings(t.db, refs, false, { facetIndex: false })
  indexed = createListings(t.db, refs, false)
  // both hear of every change as the app's own listings do
  t.app.changeFeed.subscribe((change) => {
    refsCache.clear()
    plain.forget()
    indexed.forget()
    indexed.indexChanged(change)
  })
  values = await readValues()
}, 120_000)
afterAll(() => t?.close())

describe("the listing's facet index", () => {
  it('answers random filter combinations exactly as the SQL does', async () => {
    await compare(1, 2000)
  }, 120_000)

  it('answers each prefix of a word typed letter by letter as the SQL does', async () => {
    await indexed.indexSettled()
    const rng = createRng(3)
    for (const word of rng.sample(values.words, 25)) {
      const letters = [...word]
      for (let n = 1; n <= letters.length; n++) {
        const input: ListingInput = {
          currentPage: 1,
          perPage: 5,
          filters: rng.chance(0.3) ? { inStock: true } : {},
          search: letters.slice(0, n).join(''),
          ...(rng.chance(0.5) && { facets: 'false' as const }),
          language: 'en',
        }
        expect(summary(await answer(indexed, input)), JSON.stringify(input)).toEqual(
          summary(await answer(plain, input)),
        )
      }
    }
  })

  it('reflects random writes of prices, stock and publishing at the next answer', async () => {
    const rng = createRng(2)
    for (let round = 0; round < 6; round++) {
      const ids = rng.sample(values.ids, rng.int(1, 25))
      const kind = rng.pick(['discount', 'restock', 'sold out', 'unpublish', 'publish'] as const)
      if (kind === 'sold out') {
        // in plain SQL, as an order that takes the last pieces does: the database tells the news itself
        await t.db.execute(
          sql`update products set in_stock = false, stock_quantity = 0 where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      } else {
        const reply =
          kind === 'restock'
            ? await adminCall(t.app, 'POST', 'products/bulk-stock', { as: owner, body: { ids, by: 5 } })
            : await adminCall(t.app, 'POST', 'products/bulk', {
                as: owner,
                body: {
                  ids,
                  action:
                    kind === 'discount' ? { type: 'discount', percent: rng.int(0, 60) } : { type: kind },
                },
              })
        expect(reply.status).toBe(200)
      }
      // asked at once (the index is caught up on the way) and again once it has caught up
      await compare(100 + round, 40)
      await compare(200 + round, 40)
    }
  }, 180_000)

  it('is not used between a change and its catching up: the SQL answers meanwhile', async () => {
    await indexed.indexSettled()
    const input: ListingInput = {
      currentPage: 1,
      perPage: 100,
      filters: { sort: 'price_asc' },
      language: 'en',
    }
    const before = await answer(indexed, input)
    const id = before.data[0]?.id
    await t.db.execute(sql`update products set status = 'draft' where id = ${id ?? 0}`)
    const after = await answer(indexed, input)
    expect(after.data.some((product) => product.id === id)).toBe(false)
    expect(after.total).toBe(before.total - 1)
    await t.db.execute(sql`update products set status = 'active' where id = ${id ?? 0}`)
  })
})
