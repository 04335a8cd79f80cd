import { describe, expect, it } from 'vitest'
import { footerMenu, mainMenu, pageDocuments } from '../../server/db/seed/content'
import { buildBrands, buildCampaigns, buildCategories, generateProducts } from '../../server/db/seed/generate'
import { plannedImages } from '../../server/db/seed/image-plan'

const now = new Date('2026-06-01T10:00:00Z')
const { products, skus } = generateProducts({ products: 600, now })

describe('demo catalogue', () => {
  it('is the same every time, however it is batched', () => {
    const again = generateProducts({ products: 600, now })
    expect(again.products).toEqual(products)
    const tail = generateProducts({ products: 100, now, firstId: 501 })
    expect(tail.products).toEqual(products.slice(500))
  })

  it('covers every subcategory, at least 8 brands and both campaigns', () => {
    const leaves = buildCategories().leaves
    expect(new Set(products.map((p) => p.category_id)).size).toBe(leaves.length)
    expect(new Set(products.map((p) => p.brand_id)).size).toBeGreaterThanOrEqual(8)
    expect(buildBrands().length).toBeGreaterThanOrEqual(8)
    expect(new Set(products.flatMap((p) => p.campaign_ids))).toEqual(new Set([1, 2]))
  })

  it('keeps the product columns in step with its skus', () => {
    const byProduct = new Map<number, typeof skus>()
    for (const sku of skus) byProduct.set(sku.product_id, [...(byProduct.get(sku.product_id) ?? []), sku])
    const sameSet = (a: string[], b: string[]) =>
      [...new Set(a)].sort().join('|') === [...new Set(b)].sort().join('|')
    const wrong = products.filter((product) => {
      const own = byProduct.get(product.id) ?? []
      return (
        own.length === 0 ||
        product.discounted_price !== Math.min(...own.map((s) => s.discounted_price)) ||
        product.in_stock !== own.some((s) => s.stock_quantity > 0) ||
        !sameSet(
          own.map((s) => s.size),
          product.sizes,
        ) ||
        !sameSet(
          own.map((s) => s.colour),
          product.colours,
        ) ||
        product.search_text !== product.search_text.toLowerCase() ||
        !product.search_text.includes(product.name.toLowerCase())
      )
    })
    expect(wrong).toEqual([])
  })

  it('has sold-out products, low stock and discounts with VAT', () => {
    expect(products.some((p) => !p.in_stock)).toBe(true)
    expect(skus.some((s) => s.stock_quantity > 0 && s.stock_quantity <= 3)).toBe(true)
    expect(products.filter((p) => p.discount_percent > 0).length).toBeGreaterThan(60)
    const wrong = skus.filter(
      (sku) =>
        ![5, 7.5].includes(sku.vat) ||
        sku.discounted_price > sku.price ||
        Math.abs(sku.discounted_value - (sku.price - sku.discounted_price)) > 0.005 ||
        JSON.stringify(sku.attributes) !==
          JSON.stringify([
            { key: 'size', value: sku.size },
            { key: 'colour', value: sku.colour },
          ]),
    )
    expect(wrong).toEqual([])
  })

  it('only refers to images the image plan renders', () => {
    const planned = new Set(plannedImages().map((i) => i.path))
    const wrong = products.filter((product) => {
      const paths = product.thumbnail.split(',')
      return paths.length < 3 || paths.some((path) => !planned.has(path))
    })
    expect(wrong).toEqual([])
    expect(planned.size).toBeLessThanOrEqual(400)
  })

  it('runs both flash deals into the future', () => {
    for (const campaign of buildCampaigns(now)) {
      expect(new Date(campaign.ends_at).getTime()).toBeGreaterThan(now.getTime())
      expect(new Date(campaign.starts_at).getTime()).toBeLessThan(now.getTime())
    }
  })

  it('links the footer menu to pages that exist', () => {
    const slugs = new Set(pageDocuments().map((p) => p.slug))
    expect(footerMenu().length).toBeGreaterThanOrEqual(5)
    for (const item of footerMenu()) expect(slugs.has(item.url)).toBe(true)
    const pageItems = mainMenu().filter((item) => item.type === 'page')
    for (const item of pageItems) expect(slugs.has(item.url)).toBe(true)
  })
})
