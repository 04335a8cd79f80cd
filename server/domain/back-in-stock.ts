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

/** The push that tells a signed-in shopper who allowed notifications (the shop's name is its title). */
export const BACK_IN_STOCK_PUSH = '{product} ({option}) is back in stock: tap to order it'
/** The same, for a product with no size or colour to name. */
export const BACK_IN_STOCK_PLAIN_PUSH = '{product} is back in stock: tap to order it'

/** One of the texts above in the shopper's language, its places filled from the facts. */
function filled(facts: BackInStockFacts, withOption: string, plain: string): string {
  const english = facts.option ? withOption : plain
  const template = facts.language === 'bn' ? (messagesBn[english] ?? english) : english
  const values: Record<string, string> = {
    shop: facts.shop,
    product: facts.product,
    option: facts.option,
    link: facts.link,
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** The back-in-stock text in the shopper's language, naming the shop, the product, its option and the link. */
export function backInStockText(facts: BackInStockFacts): string {
  return filled(facts, BACK_IN_STOCK_TEXT, BACK_IN_STOCK_PLAIN_TEXT)
}

/** The back-in-stock push's body in the shopper's language (a click on it opens the link). */
export function backInStockPush(facts: BackInStockFacts): string {
  return filled(facts, BACK_IN_STOCK_PUSH, BACK_IN_STOCK_PLAIN_PUSH)
}

/** A product's page with one sku chosen: what the text links to. */
export function productLinkWithSku(origin: string, slug: string, sku: string): string {
  return `${origin}/product/${encodeURIComponent(slug)}?sku=${encodeURIComponent(sku)}`
}
