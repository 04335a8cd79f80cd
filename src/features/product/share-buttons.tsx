import type { ReactNode } from 'react'
import { t, useLanguage } from '../../i18n'
import { toast } from '../../lib/toast'
import { useShopChat } from './chat-api'
import { FacebookMark, LinkMark, MessengerMark, ShareMark, WhatsAppMark } from './chat-icons'
import { productLink } from './chat-message'

/** Copies the link, and says whether it could (`copied`: what the toast says when it did). */
async function copyLink(link: string, copied: string) {
  try {
    await navigator.clipboard.writeText(link)
    toast.success(copied)
  } catch {
    toast.error(t('product.copy-failed'))
  }
}

/** The phone's own share sheet, where the browser has one (the Web Share API) and the screen is a touch one. */
function phoneCanShare(): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  )
}

function ShareLink({
  href,
  label,
  onClick,
  children,
}: {
  href: string
  label: string
  onClick?: () => void
  children: ReactNode
}) {
  return (
    <a className="share__button" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
      <span className="visually-hidden">
        {label} {t('product.opens-new-tab')}
      </span>
    </a>
  )
}

/**
 * Share the product: WhatsApp, Messenger (the link copied first: Messenger takes no link to share without a
 * Facebook app), Facebook's sharer, copy link, and on phones the phone's own share sheet. The link is the
 * product's canonical address, Bangla's for a Bangla shopper, so its preview is in the shopper's language.
 */
export function ShareButtons({ slug, name }: { slug: string; name: string }) {
  const { origin } = useShopChat()
  const language = useLanguage()
  const link = productLink(origin, slug, language)
  const encoded = encodeURIComponent(link)
  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title" className="share__title">
        {t('product.share-title')}
      </h2>
      <div className="share__buttons">
        {phoneCanShare() && (
          <button
            type="button"
            className="share__button"
            onClick={() => {
              // a closed share sheet rejects: nothing to say
              navigator.share({ title: name, url: link }).catch(() => undefined)
            }}
          >
            <ShareMark />
            <span className="visually-hidden">{t('product.share-native')}</span>
          </button>
        )}
        <ShareLink
          href={`https://wa.me/?text=${encodeURIComponent(`${name}\n${link}`)}`}
          label={t('product.share-whatsapp')}
        >
          <WhatsAppMark />
        </ShareLink>
        <ShareLink
          href="https://www.messenger.com/"
          label={t('product.share-messenger')}
          onClick={() => void copyLink(link, t('product.link-copied-messenger'))}
        >
          <MessengerMark />
        </ShareLink>
        <ShareLink
          href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
          label={t('product.share-facebook')}
        >
          <FacebookMark />
        </ShareLink>
        <button
          type="button"
          className="share__button"
          onClick={() => void copyLink(link, t('product.link-copied'))}
        >
          <LinkMark />
          <span className="visually-hidden">{t('product.share-copy')}</span>
        </button>
      </div>
    </section>
  )
}
