import { createRng } from '../../server/db/seed/prng'

/** Request pools for the three measured scenarios; deterministic so runs are comparable. */
const categories = [
  'men',
  'women',
  'panjabi',
  'saree',
  'shirts',
  'kurti',
  'footwear',
  'jeans',
  'three-piece',
  'kids',
]
const sizes = ['S', 'M', 'L', 'XL', '32', '40', 'Free Size']
const sorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated']
const brands = ['rong-bahar', 'nakshi-ghor', 'padma-threads', 'kashful', 'dhaka-loom', 'bunon']
const words = [
  'panjabi',
  'saree',
  'kurti',
  'silk',
  'cotton',
  'jamdani',
  'sneakers',
  'shirt',
  'rong bahar',
  'polo',
  'watch',
  'embroidered',
]
const typos = ['panjbi', 'sharee', 'jamdni', 'kurtti', 'snekers', 'shrit', 'embroiderd', 'wacth']

export function listingPaths(count: number): string[] {
  const rng = createRng(1)
  return Array.from({ length: count }, () => {
    const filters =
      rng.next() < 0.5
        ? { category: rng.pick(categories), size: [rng.pick(sizes)], sort: rng.pick(sorts) }
        : { brand: [rng.pick(brands)], inStock: true, sort: rng.pick(sorts) }
    const page = rng.int(1, 3)
    return `/api/v1/product/storefront?perPage=24&currentPage=${page}&filters=${encodeURIComponent(JSON.stringify(filters))}`
  })
}

/** What a shopper types, letter by letter (2–6 letters), and some misspellings. */
export function searchPaths(): string[] {
  const terms = new Set<string>()
  for (const word of words) for (let n = 2; n <= Math.min(6, word.length); n += 1) terms.add(word.slice(0, n))
  for (const typo of typos) terms.add(typo)
  return [...terms].map(
    (term) => `/api/v1/product/storefront?perPage=5&facets=false&search=${encodeURIComponent(term)}`,
  )
}

export function idBodies(count: number, products: number): string[] {
  const rng = createRng(2)
  return Array.from({ length: count }, () =>
    JSON.stringify({ ids: Array.from({ length: 20 }, () => rng.int(1, products)) }),
  )
}
