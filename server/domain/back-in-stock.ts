import type { Language } from '../../src/contract/language'
import { messagesBn } from '../messages/messages-bn'

/** The text that tells a waiting shopper their size or colour is back (its Bangla in server/messages). */
export const BACK_IN_STOCK_TEXT = '{shop}: {product} ({option}) is back in stock. Order it here: {link}'
/** The same, for a product with no size or colour to name. */
export const BACK_IN_STOCK_PLAIN_TEXT = '{shop}: {product} is back in stock. Order it here: {link}'

export type BackInStockFacts = {
  language: Language
  /** the shop's name in that language */
  shop: string
  /** the product's name in that language */
  product: string
  /** the size and colour in that language, as the shopper chose them ('' for neither) */
  option: string
  /** the product's page with the sku chosen */
  link: string
}

/** The back-in-stock text in the shopper's language, naming the shop, the product, its option and the link. */
export function backInStockText(facts: BackInStockFacts): string {
  const english = facts.option ? BACK_IN_STOCK_TEXT : BACK_IN_STOCK_PLAIN_TEXT
  const template = facts.language === 'bn' ? (messagesBn[english] ?? english) : english
  const values: Record<string, string> = {
    shop: facts.shop,
    product: facts.product,
    option: facts.option,
    link: facts.link,
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** A product's page with one sku chosen: what the text links to. */
export function productLinkWithSku(origin: string, slug: string, sku: string): string {
  return `${origin}/product/${encodeURIComponent(slug)}?sku=${encodeURIComponent(sku)}`
}
