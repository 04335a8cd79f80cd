import type { Language } from '../../i18n'
import { t, taka } from '../../i18n'

/**
 * What a shopper's chat message to the shop names. `size` and `colour`: the label chosen (in the page's
 * language), null when the product has the choice but none is made (the message asks which), undefined when
 * the product has no such choice.
 */
export type ChatOrder = {
  name: string
  size?: string | null
  colour?: string | null
  price: number
  /** the product's address, as shared (`productLink`) */
  link: string
}

/**
 * The message "Order on WhatsApp" and "Message us on Messenger" start with, in the current language: the
 * product, its size and colour (or a question when none is chosen), its price and its link.
 */
export function chatMessage(order: ChatOrder): string {
  const lines = [t('product.chat-greeting'), order.name]
  if (order.size !== undefined) {
    lines.push(
      order.size === null ? t('product.chat-which-size') : t('product.chat-size', { size: order.size }),
    )
  }
  if (order.colour !== undefined) {
    lines.push(
      order.colour === null
        ? t('product.chat-which-colour')
        : t('product.chat-colour', { colour: order.colour }),
    )
  }
  lines.push(t('product.chat-price', { price: taka(order.price) }), order.link)
  return lines.join('\n')
}

/**
 * The product's canonical address (what its page's `<link rel="canonical">` says), with `?lang=bn` for a
 * Bangla shopper so the link's preview is the Bangla page's. `origin`: the shop's public address.
 */
export function productLink(origin: string, slug: string, language: Language): string {
  const address = `${origin}/product/${encodeURIComponent(slug)}`
  return language === 'bn' ? `${address}?lang=bn` : address
}

/** `https://wa.me/<digits>?text=…`: a chat with the shop's number, the message typed in. */
export const whatsAppChat = (digits: string, text: string) =>
  `https://wa.me/${digits}?text=${encodeURIComponent(text)}`

/** `https://m.me/<username>?text=…`: Messenger's documented prefill for a page's conversation. */
export const messengerChat = (username: string, text: string) =>
  `https://m.me/${encodeURIComponent(username)}?text=${encodeURIComponent(text)}`
