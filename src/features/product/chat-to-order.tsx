import { t, useLanguage } from '../../i18n'
import { useShopChat } from './chat-api'
import { MessengerMark, WhatsAppMark } from './chat-icons'
import { type ChatOrder, chatMessage, messengerChat, productLink, whatsAppChat } from './chat-message'

type Props = {
  slug: string
  /** what the message names: the product, the choice on the page and its price */
  order: Omit<ChatOrder, 'link'>
}

/**
 * "Order on WhatsApp" and "Message us on Messenger", where the owner switched them on: each opens a chat with
 * the shop, the shopper's message typed in (the product, the choice, the price and the product's link).
 */
export function ChatToOrder({ slug, order }: Props) {
  const chat = useShopChat()
  const language = useLanguage()
  if (!chat.whatsapp && !chat.messenger) return null
  const text = chatMessage({ ...order, link: productLink(chat.origin, slug, language) })
  const newTab = <span className="visually-hidden"> {t('product.opens-new-tab')}</span>
  return (
    <div className="chat-order">
      {chat.whatsapp && (
        <a
          className="chat-link chat-link--whatsapp"
          href={whatsAppChat(chat.whatsapp, text)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppMark />
          {t('product.chat-whatsapp')}
          {newTab}
        </a>
      )}
      {chat.messenger && (
        <a
          className="chat-link chat-link--messenger"
          href={messengerChat(chat.messenger, text)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessengerMark />
          {t('product.chat-messenger')}
          {newTab}
        </a>
      )}
    </div>
  )
}
