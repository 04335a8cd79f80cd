import { brandNames, campaignDefs, type Leaf, slugify, topCategories } from './catalogue-data'
import { imagePath } from './image-plan'
import { createRng, type Rng } from './prng'

export type CategoryRow = {
  id: number
  slug: string
  name: string
  parent_id: number | null
  position: number
}
export type BrandRow = { id: number; slug: string; name: string }
export type CampaignRow = {
  id: number
  slug: string
  name: string
  description: string
  discount_percent: number
  starts_at: string
  ends_at: string
}
export type ProductRow = {
  id: number
  slug: string
  name: string
  brand_id: number
  category_id: number
  category_path: number[]
  campaign_ids: number[]
  price: number
  discounted_price: number
  discount_percent: number
  thumbnail: string
  short_description: string
  long_description: string
  sizes: string[]
  colours: string[]
  in_stock: boolean
  sold_count: number
  rating_avg: number
  rating_count: number
  search_text: string
  created_at: string
}
export type SkuRow = {
  product_id: number
  sku: string
  price: number
  discounted_price: number
  discounted_value: number
  stock_quantity: number
  vat: number
  size: string
  colour: string
  attributes: { key: string; value: string }[]
}

export type LeafRef = { leaf: Leaf; id: number; topId: number; topName: string }

export function buildCategories(): { rows: CategoryRow[]; leaves: LeafRef[] } {
  const rows: CategoryRow[] = []
  const leaves: LeafRef[] = []
  let nextId = topCategories.length + 1
  topCategories.forEach((top, topIndex) => {
    rows.push({ id: topIndex + 1, slug: top.slug, name: top.name, parent_id: null, position: topIndex })
    top.leaves.forEach((leaf, position) => {
      // a leaf's slug is unique across the tree: kids' "boys" stays "boys"
      rows.push({ id: nextId, slug: leaf.slug, name: leaf.name, parent_id: topIndex + 1, position })
      leaves.push({ leaf, id: nextId, topId: topIndex + 1, topName: top.name })
      nextId += 1
    })
  })
  return { rows, leaves }
}

export const buildBrands = (): BrandRow[] =>
  brandNames.map((name, index) => ({ id: index + 1, slug: slugify(name), name }))

export function buildCampaigns(now: Date): CampaignRow[] {
  const day = 86_400_000
  return campaignDefs.map((c, index) => ({
    id: index + 1,
    slug: c.slug,
    name: c.name,
    description: c.description,
    discount_percent: c.discountPercent,
    starts_at: new Date(now.getTime() - 2 * day).toISOString(),
    ends_at: new Date(now.getTime() + c.daysLeft * day).toISOString(),
  }))
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step
const money = (value: number) => Math.round(value * 100) / 100

function writeDescription(
  rng: Rng,
  name: string,
  leaf: Leaf,
  brand: string,
  material: string,
  colours: string[],
): string {
  const care = rng.pick([
    'Gentle machine wash in cold water; dry in shade.',
    'Dry clean recommended for the first wash.',
    'Hand wash separately; do not bleach; warm iron.',
  ])
  const fit = rng.pick([
    'cut for an easy, comfortable fit through the day',
    'tailored to sit neatly without feeling tight',
    'made for the heat and humidity of a Dhaka summer',
    'finished with care for festive evenings and family visits',
  ])
  return [
    `${name} by ${brand}: ${material.toLowerCase()} ${leaf.name.toLowerCase()} ${fit}.`,
    `Available in ${colours.join(', ')}. Every piece is checked by hand before it leaves our warehouse in Dhaka, and the colours are photographed in daylight so what you see is what arrives.`,
    `Details: ${material}; ${rng.pick(['fine stitching', 'reinforced seams', 'colour-fast dyes', 'soft lining'])}; ${rng.pick(['made in Bangladesh', 'locally woven', 'crafted by partner artisans'])}.`,
    `Care: ${care}`,
    'Delivery across Bangladesh in 2–5 days; cash on delivery available. Easy 7-day return if the size is not right.',
  ].join('\n\n')
}

export type GenerateOptions = { products: number; now: Date; seed?: number; firstId?: number }

/** Products and their skus, the same for the same options; a pure function (no I/O). */
export function generateProducts(options: GenerateOptions): { products: ProductRow[]; skus: SkuRow[] } {
  const seed = options.seed ?? 20_260_101
  const { leaves } = buildCategories()
  const brands = buildBrands()
  const campaigns = campaignDefs
  const products: ProductRow[] = []
  const skus: SkuRow[] = []
  const yearMs = 365 * 86_400_000
  const firstId = options.firstId ?? 1
  for (let index = 0; index < options.products; index += 1) {
    const id = firstId + index
    // one stream per product: the same id always gets the same product, however the rows are batched
    const rng = createRng(Math.imul(seed ^ id, 2_654_435_761))
    const ref = leaves[(id - 1) % leaves.length] as LeafRef
    const { leaf } = ref
    const brand = brands[rng.int(0, brands.length - 1)] as BrandRow
    const style = rng.pick(leaf.styles)
    const material = rng.pick(leaf.materials)
    const name = [style, material, leaf.noun].filter(Boolean).join(' ')
    const colours = rng.sample(leaf.colours, Math.min(leaf.colours.length, rng.int(1, 3)))
    const sizeCount = leaf.sizes.length <= 1 ? 1 : rng.int(Math.min(3, leaf.sizes.length), leaf.sizes.length)
    const sizes = leaf.sizes.slice(0, sizeCount)
    const base = roundTo(rng.int(leaf.price[0], leaf.price[1]), 10) - 10
    const campaignIndex = rng.next() < 0.16 ? (rng.chance(0.5) ? 0 : 1) : -1
    const ownDiscount = rng.chance(0.35) ? rng.pick([5, 10, 10, 15, 20, 25, 30]) : 0
    const discount = campaignIndex >= 0 ? (campaigns[campaignIndex]?.discountPercent ?? 0) : ownDiscount
    const vat = rng.pick([5, 5, 7.5])
    const soldOut = rng.chance(0.05)
    const productSkus: SkuRow[] = []
    for (const colour of colours) {
      sizes.forEach((size, sizeIndex) => {
        const price = base + (sizeIndex >= 3 ? 100 : 0)
        const discounted = discount > 0 ? roundTo(price * (1 - discount / 100), 1) : price
        const roll = rng.next()
        const stock = soldOut || roll < 0.1 ? 0 : roll < 0.22 ? rng.int(1, 3) : rng.int(4, 60)
        productSkus.push({
          product_id: id,
          sku: `HT-${id}-${slugify(colour).toUpperCase()}-${slugify(size).toUpperCase()}`,
          price,
          discounted_price: discounted,
          discounted_value: money(price - discounted),
          stock_quantity: stock,
          vat,
          size,
          colour,
          attributes: [
            { key: 'size', value: size },
            { key: 'colour', value: colour },
          ],
        })
      })
    }
    const cheapest = productSkus.reduce((a, b) => (b.discounted_price < a.discounted_price ? b : a))
    const brandName = brand.name
    const ratingCount = rng.chance(0.15) ? 0 : rng.int(1, 400)
    const createdAt = new Date(options.now.getTime() - Math.floor(rng.next() ** 1.5 * yearMs) - id * 1000)
    const first = colours[0] as string
    const thumbnail = [
      imagePath(leaf.slug, first, 'front'),
      imagePath(leaf.slug, first, 'back'),
      imagePath(leaf.slug, first, 'detail'),
      ...colours.slice(1).map((c) => imagePath(leaf.slug, c, 'front')),
    ].join(',')
    products.push({
      id,
      slug: `${slugify(`${brandName} ${name}`)}-${id}`,
      name,
      brand_id: brand.id,
      category_id: ref.id,
      category_path: [ref.topId, ref.id],
      campaign_ids: campaignIndex >= 0 ? [campaignIndex + 1] : [],
      price: cheapest.price,
      discounted_price: cheapest.discounted_price,
      discount_percent: discount,
      thumbnail,
      short_description: `${style} ${material.toLowerCase()} ${leaf.noun ? leaf.noun.toLowerCase() : leaf.name.toLowerCase()} from ${brandName}.`,
      long_description: writeDescription(rng, name, leaf, brandName, material, colours),
      sizes,
      colours,
      in_stock: productSkus.some((s) => s.stock_quantity > 0),
      sold_count: Math.floor(rng.next() ** 3 * 5000),
      rating_avg: ratingCount === 0 ? 0 : money(3 + rng.next() * 2),
      rating_count: ratingCount,
      search_text: `${name} ${brandName} ${leaf.name} ${ref.topName}`.toLowerCase(),
      created_at: createdAt.toISOString(),
    })
    skus.push(...productSkus)
  }
  return { products, skus }
}
