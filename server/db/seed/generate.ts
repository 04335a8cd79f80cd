import { foldBangla, joinSearchText } from '../../domain/synonyms'
import {
  brandNames,
  brandNamesBn,
  campaignDefs,
  colourNamesBn,
  type Leaf,
  slugify,
  topCategories,
  wordsBn,
} from './catalogue-data'
import { imagePath } from './image-plan'
import { createRng, type Rng } from './prng'

export type CategoryRow = {
  id: number
  slug: string
  name: string
  name_bn: string
  parent_id: number | null
  position: number
}
export type BrandRow = { id: number; slug: string; name: string; name_bn: string }
export type CampaignRow = {
  id: number
  slug: string
  name: string
  name_bn: string
  description: string
  description_bn: string
  discount_percent: number
  starts_at: string
  ends_at: string
}
export type ProductRow = {
  id: number
  slug: string
  name: string
  name_bn: string
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
  short_description_bn: string
  long_description_bn: string
  sizes: string[]
  colours: string[]
  in_stock: boolean
  stock_quantity: number
  options: { name: string; values: string[] }[]
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

export type LeafRef = { leaf: Leaf; id: number; topId: number; topName: string; topNameBn: string }

export function buildCategories(): { rows: CategoryRow[]; leaves: LeafRef[] } {
  const rows: CategoryRow[] = []
  const leaves: LeafRef[] = []
  let nextId = topCategories.length + 1
  topCategories.forEach((top, topIndex) => {
    rows.push({
      id: topIndex + 1,
      slug: top.slug,
      name: top.name,
      name_bn: top.nameBn,
      parent_id: null,
      position: topIndex,
    })
    top.leaves.forEach((leaf, position) => {
      // a leaf's slug is unique across the tree: kids' "boys" stays "boys"
      rows.push({
        id: nextId,
        slug: leaf.slug,
        name: leaf.name,
        name_bn: leaf.nameBn,
        parent_id: topIndex + 1,
        position,
      })
      leaves.push({ leaf, id: nextId, topId: topIndex + 1, topName: top.name, topNameBn: top.nameBn })
      nextId += 1
    })
  })
  return { rows, leaves }
}

export const buildBrands = (): BrandRow[] =>
  brandNames.map((name, index) => ({
    id: index + 1,
    slug: slugify(name),
    name,
    name_bn: brandNamesBn[name] ?? '',
  }))

export function buildCampaigns(now: Date): CampaignRow[] {
  const day = 86_400_000
  return campaignDefs.map((c, index) => ({
    id: index + 1,
    slug: c.slug,
    name: c.name,
    name_bn: c.nameBn,
    description: c.description,
    description_bn: c.descriptionBn,
    discount_percent: c.discountPercent,
    starts_at: new Date(now.getTime() - 2 * day).toISOString(),
    ends_at: new Date(now.getTime() + c.daysLeft * day).toISOString(),
  }))
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step
const money = (value: number) => Math.round(value * 100) / 100

/** A phrase in both languages: the same pick of the generator gives both. */
type Phrase = { en: string; bn: string }

const cares: Phrase[] = [
  {
    en: 'Gentle machine wash in cold water; dry in shade.',
    bn: 'ঠান্ডা পানিতে হালকা মেশিন ওয়াশ; ছায়ায় শুকাবেন।',
  },
  { en: 'Dry clean recommended for the first wash.', bn: 'প্রথমবার ড্রাই ক্লিন করানোই ভালো।' },
  {
    en: 'Hand wash separately; do not bleach; warm iron.',
    bn: 'আলাদা করে হাতে ধোবেন; ব্লিচ করবেন না; হালকা গরম ইস্ত্রি।',
  },
]
const fits: Phrase[] = [
  { en: 'cut for an easy, comfortable fit through the day', bn: 'সারাদিন আরামে পরার মতো ঢিলেঢালা কাট' },
  { en: 'tailored to sit neatly without feeling tight', bn: 'আঁটসাঁট না হয়েও গায়ে সুন্দর বসে এমন কাট' },
  { en: 'made for the heat and humidity of a Dhaka summer', bn: 'ঢাকার গরম আর আর্দ্রতার কথা ভেবে তৈরি' },
  {
    en: 'finished with care for festive evenings and family visits',
    bn: 'উৎসবের সন্ধ্যা আর আত্মীয়বাড়ি বেড়ানোর জন্য যত্নে তৈরি',
  },
]
const finishes: Phrase[] = [
  { en: 'fine stitching', bn: 'মিহি সেলাই' },
  { en: 'reinforced seams', bn: 'মজবুত সেলাই' },
  { en: 'colour-fast dyes', bn: 'পাকা রং' },
  { en: 'soft lining', bn: 'নরম লাইনিং' },
]
const origins: Phrase[] = [
  { en: 'made in Bangladesh', bn: 'বাংলাদেশে তৈরি' },
  { en: 'locally woven', bn: 'দেশি তাঁতে বোনা' },
  { en: 'crafted by partner artisans', bn: 'সহযোগী কারিগরদের হাতে তৈরি' },
]

/** A word of a product's name in Bangla; the English one when the vocabulary has none. */
const bn = (word: string) => wordsBn[word] ?? word

/** The Bangla vocabulary as search compares it, folded once rather than for every product. */
const foldedWords = new Map<string, string>()
const folded = (text: string) => {
  let known = foldedWords.get(text)
  if (known === undefined) {
    known = foldBangla(text)
    foldedWords.set(text, known)
  }
  return known
}

/** A name with the possessive ("সোনার তরী-র", "রং বাহার-এর"), kept apart from the name by a hyphen. */
const genitive = (name: string) => (/[\u0985-\u0994\u09be-\u09cc]$/.test(name) ? `${name}-র` : `${name}-এর`)

/** The long description in both languages; `brandOf` is the brand's name, and in Bangla its possessive. */
function writeDescriptions(
  rng: Rng,
  names: Phrase,
  leaf: Leaf,
  brandOf: Phrase,
  material: string,
  colours: string[],
): Phrase {
  // the picks in the order the English description has always made them: the same seed, the same text
  const care = rng.pick(cares)
  const fit = rng.pick(fits)
  const finish = rng.pick(finishes)
  const origin = rng.pick(origins)
  const en = [
    `${names.en} by ${brandOf.en}: ${material.toLowerCase()} ${leaf.name.toLowerCase()} ${fit.en}.`,
    `Available in ${colours.join(', ')}. Every piece is checked by hand before it leaves our warehouse in Dhaka, and the colours are photographed in daylight so what you see is what arrives.`,
    `Details: ${material}; ${finish.en}; ${origin.en}.`,
    `Care: ${care.en}`,
    'Delivery across Bangladesh in 2–5 days; cash on delivery available. Easy 7-day return if the size is not right.',
  ].join('\n\n')
  const coloursBn = colours.map((colour) => colourNamesBn[colour] ?? colour)
  const bnText = [
    `${brandOf.bn} ${names.bn}: ${fit.bn}।`,
    `যে রংগুলোতে পাবেন: ${coloursBn.join(', ')}। ঢাকার গুদাম থেকে পাঠানোর আগে প্রতিটি পণ্য হাতে দেখে নেওয়া হয়, আর ছবি তোলা হয় দিনের আলোয়, তাই যা দেখছেন ঠিক তা-ই পাবেন।`,
    `বিবরণ: ${bn(material)}; ${finish.bn}; ${origin.bn}।`,
    `যত্ন: ${care.bn}`,
    'সারা বাংলাদেশে ২–৫ দিনে ডেলিভারি; ক্যাশ অন ডেলিভারি আছে। সাইজ না মিললে ৭ দিনের মধ্যে সহজ রিটার্ন।',
  ].join('\n\n')
  return { en, bn: bnText }
}

/** The words of a product's Bangla name, from the parts of its English name; a word said twice is said once. */
function banglaWords(leaf: Leaf, style: string, material: string): string[] {
  const words = [leaf.forBn, bn(style), bn(material), leaf.nounBn].filter((w): w is string => Boolean(w))
  return words.filter((word, index) => word !== words[index - 1])
}

export type GenerateOptions = { products: number; now: Date; seed?: number; firstId?: number }

/** Products and their skus, the same for the same options; a pure function (no I/O). */
export function generateProducts(options: GenerateOptions): { products: ProductRow[]; skus: SkuRow[] } {
  const seed = options.seed ?? 20_260_101
  const { leaves } = buildCategories()
  const brands = buildBrands()
  const brandGenitive = Object.fromEntries(brands.map((b) => [b.id, genitive(b.name_bn)]))
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
    const wordsOfNameBn = banglaWords(leaf, style, material)
    const nameBn = wordsOfNameBn.join(' ')
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
    const descriptions = writeDescriptions(
      rng,
      { en: name, bn: nameBn },
      leaf,
      { en: brandName, bn: brandGenitive[brand.id] as string },
      material,
      colours,
    )
    products.push({
      id,
      slug: `${slugify(`${brandName} ${name}`)}-${id}`,
      name,
      name_bn: nameBn,
      brand_id: brand.id,
      category_id: ref.id,
      category_path: [ref.topId, ref.id],
      campaign_ids: campaignIndex >= 0 ? [campaignIndex + 1] : [],
      price: cheapest.price,
      discounted_price: cheapest.discounted_price,
      discount_percent: discount,
      thumbnail,
      short_description: `${style} ${material.toLowerCase()} ${leaf.noun ? leaf.noun.toLowerCase() : leaf.name.toLowerCase()} from ${brandName}.`,
      long_description: descriptions.en,
      short_description_bn: `${brandGenitive[brand.id]} ${nameBn}।`,
      long_description_bn: descriptions.bn,
      sizes,
      colours,
      in_stock: productSkus.some((s) => s.stock_quantity > 0),
      stock_quantity: productSkus.reduce((sum, s) => sum + s.stock_quantity, 0),
      options: [
        ...(sizes.length ? [{ name: 'Size', values: sizes }] : []),
        ...(colours.length ? [{ name: 'Colour', values: colours }] : []),
      ],
      sold_count: Math.floor(rng.next() ** 3 * 5000),
      rating_avg: ratingCount === 0 ? 0 : money(3 + rng.next() * 2),
      rating_count: ratingCount,
      search_text: joinSearchText(
        `${name} ${brandName} ${leaf.name} ${ref.topName}`.toLowerCase(),
        [...wordsOfNameBn, brand.name_bn, leaf.nameBn, ref.topNameBn].map(folded).join(' '),
      ),
      created_at: createdAt.toISOString(),
    })
    skus.push(...productSkus)
  }
  return { products, skus }
}
