import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

/*
 * What Google reads of a product page's structured data, as its documentation has it (2026):
 * - product snippets (developers.google.com/search/docs/appearance/structured-data/product-snippet): `name`
 *   required, and one of `offers`, `aggregateRating`, `review`; an Offer's `price` required, `priceCurrency`
 *   and `availability` recommended; an AggregateRating's `ratingValue` and `ratingCount` or `reviewCount`
 *   required, `bestRating` and `worstRating` recommended;
 * - merchant listings (…/merchant-listing): `name`, `image`, `offers` with `price` and `priceCurrency` required;
 *   `description`, `brand`, `sku`, the Offer's `availability`, `itemCondition` and `url` recommended;
 * - breadcrumbs (…/breadcrumb): a BreadcrumbList's `itemListElement`, at least two ListItems, each with
 *   `position` and `name`, and `item` (a URL) on every one but the last (given here on the last too).
 */

const ORIGIN = 'http://shop.test'
const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
writeFileSync(
  join(site, 'index.html'),
  '<!doctype html><html><head><title>Haat</title></head><body><div id="root"><main></main></div></body></html>',
)

const AVAILABILITY = [
  'https://schema.org/InStock',
  'https://schema.org/OutOfStock',
  'https://schema.org/PreOrder',
  'https://schema.org/BackOrder',
  'https://schema.org/LimitedAvailability',
  'https://schema.org/SoldOut',
  'https://schema.org/Discontinued',
]

type Thing = Record<string, unknown> & { '@type': string }

let t: TestApp
let slug = ''
beforeAll(async () => {
  t = await createTestApp({ products: 4, config: { STATIC_DIR: site, PUBLIC_URL: ORIGIN } })
  const [row] = await queryRows<{ slug: string }>(t.db, sql`select slug from products order by id limit 1`)
  slug = row?.slug ?? ''
}, 180_000)
afterAll(async () => t?.close())

/** Every JSON-LD block of the page the server sends, parsed, by its type. */
async function structuredData(url: string): Promise<Record<string, Thing>> {
  const response = await t.app.inject({ method: 'GET', url })
  expect(response.statusCode).toBe(200)
  const blocks = [...response.body.matchAll(/<script type="application\/ld\+json">(.+?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Thing,
  )
  for (const block of blocks) expect(block['@context']).toBe('https://schema.org')
  return Object.fromEntries(blocks.map((block) => [block['@type'], block]))
}

const isAddress = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/** The product's category trail as the API gives it to the app. */
async function categoryPath(language: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/product/storefront/${slug}`,
    headers: { ...apiHeaders, 'accept-language': language },
  })
  return response.json<{ data: { categoryPath: { name: string; slug: string }[] } }>().data.categoryPath
}

describe('a product page’s JSON-LD', () => {
  it('is a Product with an Offer holding what Google requires and recommends', async () => {
    const { Product: product } = await structuredData(`/product/${slug}`)
    const url = `${ORIGIN}/product/${slug}`
    expect(filled(product?.name)).toBe(true)
    expect(filled(product?.description)).toBe(true)
    expect(filled(product?.sku)).toBe(true)
    expect(filled((product?.brand as Thing | undefined)?.name)).toBe(true)
    expect(product?.url).toBe(url)
    const images = product?.image as unknown[]
    expect(images.length).toBeGreaterThan(0)
    expect(images.every(isAddress)).toBe(true)
    const offer = product?.offers as Thing
    expect(offer['@type']).toBe('Offer')
    expect(String(offer.price)).toMatch(/^\d+(\.\d+)?$/)
    expect(Number(offer.price)).toBeGreaterThan(0)
    expect(offer.priceCurrency).toBe('BDT')
    expect(AVAILABILITY).toContain(offer.availability)
    expect(offer.itemCondition).toBe('https://schema.org/NewCondition')
    expect(offer.url).toBe(url)
  })

  it('rates the product once it has reviews, on a scale of 1 to 5, and not before', async () => {
    await t.db.execute(sql`update products set rating_count = 0, rating_avg = 0 where slug = ${slug}`)
    expect((await structuredData(`/product/${slug}`)).Product?.aggregateRating).toBeUndefined()
    await t.db.execute(sql`update products set rating_count = 7, rating_avg = 4.29 where slug = ${slug}`)
    const rating = (await structuredData(`/product/${slug}`)).Product?.aggregateRating as Thing
    expect(rating['@type']).toBe('AggregateRating')
    expect(rating.reviewCount).toBe(7)
    expect(rating.ratingValue).toBe('4.3')
    expect(rating).toMatchObject({ bestRating: 5, worstRating: 1 })
  })

  it('has a BreadcrumbList from home through its categories to the product', async () => {
    const { BreadcrumbList: breadcrumb } = await structuredData(`/product/${slug}`)
    const steps = breadcrumb?.itemListElement as Thing[]
    const trail = await categoryPath('en')
    expect(steps.length).toBe(trail.length + 2)
    steps.forEach((step, at) => {
      expect(step['@type']).toBe('ListItem')
      expect(step.position).toBe(at + 1)
      expect(filled(step.name)).toBe(true)
      expect(isAddress(step.item)).toBe(true)
    })
    expect(steps.map((step) => step.item)).toEqual([
      `${ORIGIN}/`,
      ...trail.map((category) => `${ORIGIN}/category/${category.slug}`),
      `${ORIGIN}/product/${slug}`,
    ])
    expect(steps.slice(1, -1).map((step) => step.name)).toEqual(trail.map((category) => category.name))
  })

  it('speaks Bangla on the Bangla page, every address the Bangla one', async () => {
    const { Product: product, BreadcrumbList: breadcrumb } = await structuredData(`/product/${slug}?lang=bn`)
    const [row] = await queryRows<{ name: string; name_bn: string }>(
      t.db,
      sql`select name, name_bn from products where slug = ${slug}`,
    )
    expect(product?.name).toBe(row?.name_bn || row?.name)
    expect(product?.url).toBe(`${ORIGIN}/product/${slug}?lang=bn`)
    const steps = breadcrumb?.itemListElement as Thing[]
    expect(steps[0]).toMatchObject({ name: 'হোম', item: `${ORIGIN}/?lang=bn` })
    expect(steps.slice(1, -1).map((step) => step.name)).toEqual((await categoryPath('bn')).map((c) => c.name))
    expect(steps.every((step) => String(step.item).endsWith('?lang=bn'))).toBe(true)
  })
})
