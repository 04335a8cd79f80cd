import type { Language } from '../../../src/contract/language'
import { translateMessage } from '../../messages/translate'
import { escapeHtml, pageHeadTags } from './html'

/** A listing page as its head tells it: what it lists (a category's name, a search's text) and which page. */
export type ListingPage = {
  language: Language
  /** the page's path, `/category/slug` (encoded) or `/search` */
  path: string
  /** what the page lists, in its language: the category, brand or campaign's name; none on a search */
  name?: string
  /** a search page's text */
  text?: string
  /** the page of the listing (1: the first) */
  page: number
  /** kept out of search engines' indexes (a campaign that has not started yet) */
  noindex?: boolean
}

/**
 * The listing's address in each language: its path, the search's text and its page number, nothing else —
 * no sort, no filter, so every way of looking at one page of the listing names the same address. A page past
 * the first is its own address (Google lists paged listings one page at a time, no rel=prev/next).
 */
export function listingAddresses(origin: string, listing: ListingPage): Record<Language, string> {
  const query = new URLSearchParams()
  if (listing.text) query.set('text', listing.text)
  if (listing.page > 1) query.set('page', String(listing.page))
  const en = `${origin}${listing.path}${query.size > 0 ? `?${query}` : ''}`
  query.set('lang', 'bn')
  return { en, bn: `${origin}${listing.path}?${query}` }
}

/** The listing page's title in its language: what it lists, its page past the first, the shop. */
export function listingTitle(listing: ListingPage, shopName: string): string {
  const { language } = listing
  const what =
    listing.name ??
    (listing.text
      ? translateMessage(`Search results for “${listing.text}”`, language)
      : translateMessage('Search', language))
  const page = listing.page > 1 ? ` — ${translateMessage(`Page ${listing.page}`, language)}` : ''
  return `${what}${page} | ${shopName}`
}

/**
 * The head of a listing page: its title, the shop's description, its canonical address and languages, and
 * `noindex` when it is not to be listed yet.
 */
export function listingHead(listing: ListingPage, origin: string, shopName: string, description: string) {
  const addresses = listingAddresses(origin, listing)
  const url = addresses[listing.language]
  const title = listingTitle(listing, shopName)
  return [
    ...pageHeadTags({ title, description, url, addresses, shopName }),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    ...(listing.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ')
}
