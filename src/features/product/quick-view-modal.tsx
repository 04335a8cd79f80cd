import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Product } from '../../contract/product'
import { figure, t } from '../../i18n'
import { mediaUrl, productImages } from '../../lib/media'
import { toast } from '../../lib/toast'
import { track } from '../../lib/track'
import { addToCart } from '../../state/cart'
import { clampQuantity } from '../../state/list-lines'
import { productQuery } from '../../state/products'
import { closeQuickView, ui } from '../../state/ui'
import { addToWishlist } from '../../state/wishlist'
import { Popup } from '../../ui/popup'
import { Price } from '../../ui/price'
import { QuantityStepper } from '../../ui/quantity-stepper'
import { ChoiceGroup } from './choice-group'
import { ImageThumbs } from './image-thumbs'
import {
  choiceOptions,
  choose,
  chosenSku,
  imageIndexForColour,
  initialChoice,
  type SkuChoice,
} from './sku-choice'
import { skuAdded } from './track-events'
import './quick-view.css'

/** Quick view modal (storefront §2), mounted once by the shell; shows `ui.quickView` (a product slug). */
export function QuickViewModal() {
  const { quickView } = useSnapshot(ui)
  if (!quickView) return null
  return (
    <Popup
      title={t('product.quick-view')}
      onClose={closeQuickView}
      width="min(56rem, 94vw)"
      className="quick-view"
    >
      <QuickViewBody key={quickView} slug={quickView} />
    </Popup>
  )
}

function QuickViewBody({ slug }: { slug: string }) {
  const query = useQuery(productQuery(slug))
  if (query.data) return <QuickViewProduct product={query.data} />
  if (query.isError)
    return (
      <p className="quick-view__status" role="alert">
        {query.error.message}
      </p>
    )
  return (
    <div className="quick-view__status" role="status">
      <span className="quick-view__skeleton" aria-hidden="true" />
      <span className="visually-hidden">{t('product.loading-product')}</span>
    </div>
  )
}

function QuickViewProduct({ product }: { product: Product }) {
  const navigate = useNavigate()
  const images = productImages(product.thumbnail)
  const [imageIndex, setImageIndex] = useState(0)
  const [choice, setChoice] = useState<SkuChoice>(() => initialChoice(product.skus))
  const [quantity, setQuantity] = useState(1)
  const sku = chosenSku(product.skus, choice)
  const stock = sku?.stockQuantity ?? 0
  const canBuy = stock > 0
  const shownQuantity = canBuy ? clampQuantity(quantity, stock) : 1
  const mainImage = images[imageIndex] ?? images[0]

  const pick = (dimension: keyof SkuChoice, value: string) => {
    const next = choose(product.skus, choice, dimension, value)
    setChoice(next)
    setQuantity(1)
    const colourImage = next.colour ? imageIndexForColour(images, next.colour) : -1
    if (colourImage >= 0) setImageIndex(colourImage)
  }

  const add = () => {
    if (!sku || !canBuy) return false
    addToCart(
      { product_id: product.id, sku: sku.sku, quantity: shownQuantity, price: sku.discountedPrice },
      stock,
    )
    track('AddToCart', skuAdded(product, sku, shownQuantity))
    return true
  }

  return (
    <div className="quick-view__layout">
      <div className="quick-view__gallery">
        {mainImage && (
          <img
            className="quick-view__image"
            src={mediaUrl(mainImage)}
            alt={product.name}
            width={480}
            height={480}
          />
        )}
        <ImageThumbs images={images} current={imageIndex} onShow={setImageIndex} />
      </div>
      <div className="quick-view__details">
        <h3 className="quick-view__name">{product.name}</h3>
        <p className="quick-view__category">{product.category.name}</p>
        <Price
          price={sku?.price ?? product.price}
          discountedPrice={sku?.discountedPrice ?? product.discounted_price}
        />
        <ChoiceGroup
          legend={t('product.size')}
          options={choiceOptions(product.skus, 'size', choice)}
          selected={choice.size}
          onChoose={(value) => pick('size', value)}
        />
        <ChoiceGroup
          legend={t('product.colour')}
          options={choiceOptions(product.skus, 'colour', choice)}
          selected={choice.colour}
          onChoose={(value) => pick('colour', value)}
        />
        <p className={`quick-view__stock${canBuy ? '' : ' is-out'}`} role="status">
          {canBuy ? t('product.count-in-stock', { count: figure(stock) }) : t('product.out-of-stock')}
        </p>
        <QuantityStepper
          label={t('product.quantity')}
          value={shownQuantity}
          canDecrease={canBuy && shownQuantity > 1}
          canIncrease={canBuy && shownQuantity < stock}
          onChange={setQuantity}
          testId="quick-view-quantity"
        />
        <div className="quick-view__actions">
          <button
            type="button"
            className="button"
            disabled={!canBuy}
            onClick={() => {
              if (add()) toast.success(t('product.name-added-to-cart', { name: product.name }))
            }}
          >
            {t('product.add-to-cart')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!canBuy}
            onClick={() => {
              if (!add()) return
              closeQuickView()
              void navigate({ to: '/checkout' })
            }}
          >
            {t('product.buy-now')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              addToWishlist({
                product_id: product.id,
                sku: sku?.sku,
                price: sku?.discountedPrice ?? product.discounted_price,
              })
              toast.success(t('product.name-added-to-wishlist', { name: product.name }))
            }}
          >
            {t('product.add-to-wishlist')}
          </button>
        </div>
        <Link
          to="/product/$slug"
          params={{ slug: product.slug }}
          className="quick-view__details-link"
          onClick={closeQuickView}
        >
          {t('product.view-details')}
        </Link>
      </div>
    </div>
  )
}
