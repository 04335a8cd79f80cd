import { formatTaka } from '../../../src/lib/money'

export type ProductMeta = {
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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

function plain(text: string, max: number) {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

/** The head of a product's page: title, description, Open Graph, JSON-LD and the LCP image preload. */
export function productHead(product: ProductMeta, origin: string): string {
  const url = `${origin}/product/${encodeURIComponent(product.slug)}`
  const image = product.image ? `${origin}/media/${product.image}` : null
  const description = plain(
    product.description ||
      `${product.name} by ${product.brand} for ${formatTaka(product.discountedPrice)}. Cash on delivery anywhere in Bangladesh.`,
    160,
  )
  const title = `${product.name} — ${formatTaka(product.discountedPrice)} | Haat`
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description,
    sku: product.skus[0],
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    url,
    ...(image ? { image: [image] } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'BDT',
      price: product.discountedPrice.toFixed(2),
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.ratingAvg.toFixed(1),
            reviewCount: product.ratingCount,
          },
        }
      : {}),
  }
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="Haat" />`,
    `<meta property="og:title" content="${escapeHtml(product.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
          `<link rel="preload" as="image" href="/media/${escapeHtml(product.image ?? '')}" fetchpriority="high" />`,
        ]
      : []),
    `<meta property="product:price:amount" content="${product.discountedPrice.toFixed(2)}" />`,
    `<meta property="product:price:currency" content="BDT" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ]
  return tags.join('\n    ')
}

/** index.html with its own title and description replaced by the product's head. */
export function injectHead(html: string, head: string): string {
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
  return cleaned.replace(/<\/head>/i, `  ${head}\n  </head>`)
}
