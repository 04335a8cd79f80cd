import type { Language } from '../../../src/contract/language'
import { formatTaka } from '../../../src/lib/money'
import { escapeHtml, mediaAddress, pageHeadTags } from './html'
import { outlineTexts } from './product-outline'

/** A product as its page's head tells it, in the page's language. */
export type ProductMeta = {
  language: Language
  name: string
  slug: string
  description: string
  brand: string
  category: string
  image: string | null
  price: number
  discountedPrice: number
  inStock: boolean
  ratingAvg: number
  ratingCount: number
  skus: string[]
}

/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

function plain(text: string, max: number) {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (flat.length <= max) return flat
  // never between a Bangla letter and its vowel sign, or after a hasanta that joins it to the next
  let cut = max - 1
  while (cut > 0 && (/[\p{M}\u200c\u200d]/u.test(flat[cut] ?? '') || flat[cut - 1] === '\u09cd')) cut -= 1
  return `${flat.slice(0, cut).trimEnd()}…`
}

/** What a product without a description is described as. */
function standInDescription(product: ProductMeta): string {
  if (product.language === 'bn') {
    const price = formatTaka(product.discountedPrice, { lang: 'bn' })
    return `${product.brand}-এর ${product.name}, দাম ${price}। সারা বাংলাদেশে ক্যাশ অন ডেলিভারি।`
  }
  return `${product.name} by ${product.brand} for ${formatTaka(product.discountedPrice)}. Cash on delivery anywhere in Bangladesh.`
}

/** A step of a product's breadcrumb: one of its categories. */
export type CategoryStep = { name: string; slug: string }

/**
 * The product as schema.org's `Product` with its `Offer` (and its `AggregateRating` once it has reviews): what
 * Google's product snippets and merchant listings require (name, image, offers.price and priceCurrency) and
 * recommend (description, brand, sku, availability, itemCondition, url, the rating's scale).
 */
function productJsonLd(
  product: ProductMeta,
  page: { url: string; image: string | null; description: string; shopName: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: page.description,
    sku: product.skus[0],
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    url: page.url,
    ...(page.image ? { image: [page.image] } : {}),
    offers: {
      '@type': 'Offer',
      url: page.url,
      priceCurrency: 'BDT',
      price: product.discountedPrice.toFixed(2),
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: page.shopName },
    },
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.ratingAvg.toFixed(1),
            reviewCount: product.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

/** The page's breadcrumb as schema.org's `BreadcrumbList`: home, the categories, the product (its own page). */
function breadcrumbJsonLd(product: ProductMeta, categoryPath: CategoryStep[], origin: string, url: string) {
  const inLanguage = (path: string) =>
    product.language === 'bn' ? `${origin}${path}?lang=bn` : `${origin}${path}`
  const steps = [
    { name: outlineTexts[product.language].home, item: inLanguage('/') },
    ...categoryPath.map((step) => ({
      name: step.name,
      item: inLanguage(`/category/${encodeURIComponent(step.slug)}`),
    })),
    { name: product.name, item: url },
  ]
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, at) => ({ '@type': 'ListItem', position: at + 1, ...step })),
  }
}

/**
 * The head of a product's page: title, description, Open Graph, JSON-LD (the product and its breadcrumb), the
 * LCP image preload and the page's other languages (the English page at the bare address, the Bangla one at
 * `?lang=bn`).
 */
export function productHead(
  product: ProductMeta,
  origin: string,
  mediaOrigin: string | undefined,
  /** the shop's name in the page's language, as its settings have it */
  shopName: string,
  /** the product's category and its ancestors, top first, named in the page's language */
  categoryPath: CategoryStep[] = [],
): string {
  const address = `${origin}/product/${encodeURIComponent(product.slug)}`
  const addresses: Record<Language, string> = { en: address, bn: `${address}?lang=bn` }
  const url = addresses[product.language]
  // the preload must name the very address the page's image uses (the CDN's when media has one)
  const mediaRoot = mediaOrigin ?? '/media'
  const image = product.image ? mediaAddress(product.image, mediaOrigin ?? `${origin}/media`) : null
  const description = plain(product.description || standInDescription(product), 160)
  const price = formatTaka(product.discountedPrice, { lang: product.language })
  const title = `${product.name} — ${price} | ${shopName}`
  const jsonLd = productJsonLd(product, { url, image, description, shopName })
  const breadcrumb = breadcrumbJsonLd(product, categoryPath, origin, url)
  const tags = [
    ...pageHeadTags({ title, description, url, addresses, shopName }),
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(product.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
          `<link rel="preload" as="image" href="${escapeHtml(mediaAddress(product.image ?? '', mediaRoot))}" fetchpriority="high" />`,
        ]
      : []),
    `<meta property="product:price:amount" content="${product.discountedPrice.toFixed(2)}" />`,
    `<meta property="product:price:currency" content="BDT" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
    `<script type="application/ld+json">${scriptJson(breadcrumb)}</script>`,
  ]
  return tags.join('\n    ')
}

/** index.html in the page's language: `<html lang>` says Bangla on a Bangla page. */
export function withPageLanguage(html: string, language: Language): string {
  if (language === 'en') return html
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const others = attributes.replace(/\s+lang=("[^"]*"|'[^']*'|\S+)/i, '')
    return `<html lang="${language}"${others}>`
  })
}

/** index.html with the shop's own title and description (its settings' SEO defaults). */
export function withDefaultHead(html: string, title: string, description: string): string {
  return injectHead(
    html,
    `<title>${escapeHtml(title)}</title>\n    <meta name="description" content="${escapeHtml(description)}" />`,
  )
}

/** index.html with its own title and description replaced by the product's head. */
export function injectHead(html: string, head: string): string {
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
  // a function, so a `$&` or `$'` in a product's name is text, not a replacement pattern
  return cleaned.replace(/<\/head>/i, () => `  ${head}\n  </head>`)
}
