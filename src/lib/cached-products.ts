import type { QueryClient } from '@tanstack/react-query'
import { type Product, type ProductSummary, product, productSummary } from '../contract/product'

/** Lower-cased words of a search term; the same rule the search box uses (2+ characters). */
export function searchWords(term: string): string[] {
  const trimmed = term.trim().toLowerCase()
  if (trimmed.length < 2) return []
  return trimmed.split(/\s+/).filter(Boolean)
}

/** Every word must appear in the product's name, category or brand. */
export function matchesSearch(product: ProductSummary, words: readonly string[]): boolean {
  if (words.length === 0) return false
  const haystack = `${product.name} ${product.category.name} ${product.brand.name}`.toLowerCase()
  return words.every((word) => haystack.includes(word))
}

/** Walks any JSON-like value and collects what has the shape of a product card. */
export function collectProducts(value: unknown, into: Map<number, ProductSummary>, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const entry of value) collectProducts(entry, into, depth + 1)
    return
  }
  if ('slug' in value && 'thumbnail' in value) {
    const parsed = productSummary.safeParse(value)
    if (parsed.success) {
      if (!into.has(parsed.data.id)) into.set(parsed.data.id, parsed.data)
      return
    }
  }
  for (const entry of Object.values(value)) collectProducts(entry, into, depth + 1)
}

/**
 * Searches the products this device has already seen (listings, product pages, search results,
 * cart products: everything in the query cache, which is restored from IndexedDB after a reload).
 * The search feature calls this when its request fails because the network is gone.
 */
export function searchCachedProducts(queryClient: QueryClient, term: string, limit = 24): ProductSummary[] {
  const words = searchWords(term)
  if (words.length === 0) return []
  const products = new Map<number, ProductSummary>()
  for (const query of queryClient.getQueryCache().getAll()) collectProducts(query.state.data, products)
  return [...products.values()].filter((product) => matchesSearch(product, words)).slice(0, limit)
}

/** The card of the product with this slug as a listing on this device last showed it, if one did. */
export function cachedSummaryBySlug(queryClient: QueryClient, slug: string): ProductSummary | undefined {
  const products = new Map<number, ProductSummary>()
  for (const query of queryClient.getQueryCache().getAll()) collectProducts(query.state.data, products)
  for (const card of products.values()) if (card.slug === slug) return card
  return undefined
}

/** Walks cached data for full products (with their skus), keyed by id. */
function collectFullProducts(value: unknown, into: Map<number, Product>, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const entry of value) collectFullProducts(entry, into, depth + 1)
    return
  }
  if ('skus' in value && 'slug' in value) {
    const parsed = product.safeParse(value)
    if (parsed.success) {
      into.set(parsed.data.id, parsed.data)
      return
    }
  }
  for (const entry of Object.values(value)) collectFullProducts(entry, into, depth + 1)
}

/**
 * The products with these ids as this device last saw them (product pages, quick views, the cart's
 * earlier answers), or undefined unless every one is known. Lets the cart show its lines offline
 * after an item was added or removed, which asks for a new set of ids.
 */
export function cachedProductsByIds(queryClient: QueryClient, ids: readonly number[]): Product[] | undefined {
  const products = new Map<number, Product>()
  for (const query of queryClient.getQueryCache().getAll()) collectFullProducts(query.state.data, products)
  const found = ids.map((id) => products.get(id))
  return found.every((entry) => entry !== undefined) ? found : undefined
}
