import type { ProductSummary } from '../../contract/product'
import { t } from '../../i18n'
import { productImages } from '../../lib/media'
import { OfflineState } from '../../ui/offline-state'
import { Price } from '../../ui/price'
import { SlowState } from '../../ui/slow-state'
import { Gallery } from './gallery'
import { ProductBreadcrumb } from './product-breadcrumb'
import type { ServerOutline } from './server-outline'
import '../../styles/commerce.css'

type Props = {
  /** the product's card as a listing on this device showed it, when one did (and no outline is given) */
  card: ProductSummary | undefined
  /** what the server drew of this page before the app's code ran (its breadcrumb and picture), on a first visit */
  outline?: ServerOutline
  /**
   * `loading`: on its way; `slow`: it did not come back in time (say so, offer Retry); `offline`: the network
   * is gone and this device never saved the product (say so, lead back)
   */
  state: 'loading' | 'slow' | 'offline'
  onRetry: () => void
}

/**
 * The product page before its data is here: the page's outline at once, filled with the server's outline of
 * it on the page the server drew (the same breadcrumb and picture in the same place), else with the product's
 * card (name, photo, price) when a listing on this device had it; past the deadline a Retry, and offline the
 * way back.
 */
export function ProductPreview({ card, outline, state, onRetry }: Props) {
  const picture = card
    ? { images: productImages(card.thumbnail), name: card.name }
    : outline && { images: [outline.image], name: outline.name }
  return (
    <article className="product-page" aria-busy={state === 'loading'}>
      <ProductBreadcrumb
        categories={card ? [card.category] : (outline?.categoryPath ?? [])}
        name={card ? undefined : outline?.name}
      />
      {state === 'slow' && <SlowState message={t('product.not-loaded')} onRetry={onRetry} />}
      {state === 'offline' && <OfflineState subject={t('product.offline-subject')} heading="h2" />}
      <div className="product-page__top">
        {picture ? (
          <Gallery images={picture.images} name={picture.name} />
        ) : (
          <div className="skeleton skeleton--image" aria-hidden="true" />
        )}
        <div className="product-page__info">
          {card ? (
            <>
              <h1>{card.name}</h1>
              <p className="product-page__brand">
                {t('product.brand')} {card.brand.name}
              </p>
              <Price
                price={card.price}
                discountedPrice={card.discounted_price}
                discountPercent={card.discount_percent}
              />
            </>
          ) : (
            <div>
              <h1 className="visually-hidden">{t('product.heading')}</h1>
              <div
                aria-hidden="true"
                className="skeleton skeleton--line"
                style={{ width: '70%', height: '1.6rem' }}
              />
              <div aria-hidden="true" className="skeleton skeleton--line" style={{ width: '40%' }} />
              <div aria-hidden="true" className="skeleton skeleton--line" style={{ width: '30%' }} />
            </div>
          )}
          {state === 'loading' && <p className="visually-hidden">{t('product.loading')}</p>}
        </div>
      </div>
    </article>
  )
}
