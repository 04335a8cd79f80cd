import { useNavigate, useSearch } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import type { Product } from '../../contract/product'
import { figure, t } from '../../i18n'
import { toast } from '../../lib/toast'
import { track } from '../../lib/track'
import { addToCart } from '../../state/cart'
import { canDecrease, canIncrease, clampQuantity, maxQuantity } from '../../state/list-lines'
import { Price } from '../../ui/price'
import { QuantityStepper } from '../../ui/quantity-stepper'
import { AddToWishlistButton } from '../../ui/wishlist-button'
import { ChatToOrder } from './chat-to-order'
import { ChoiceGroup } from './choice-group'
import { choiceOptions, choose, chosenSku, initialChoice, type SkuChoice } from './sku-choice'
import { skuAdded } from './track-events'

export const LOW_STOCK = 5

/** "Notify me when it's back": its code loaded only when a sold-out size or colour is chosen */
const NotifyMe = lazy(() => import('./notify-me').then((m) => ({ default: m.NotifyMe })))

/** Size and colour from the skus, stock, quantity, Add To Cart, Buy Now and the wish list. */
export function PurchasePanel({ product }: { product: Product }) {
  // `?sku=`: the link of a back-in-stock text opens the page on the size and colour the shopper waited for
  const { sku: wanted } = useSearch({ strict: false }) as { sku?: unknown }
  const [choice, setChoice] = useState<SkuChoice>(() =>
    initialChoice(product.skus, typeof wanted === 'string' ? wanted : undefined),
  )
  const [quantity, setQuantity] = useState(1)
  const navigate = useNavigate()
  const sku = chosenSku(product.skus, choice)
  const stock = sku?.stockQuantity ?? 0
  const max = maxQuantity(stock)
  const amount = clampQuantity(quantity, max)
  const sizes = choiceOptions(product.skus, 'size', choice)
  const colours = choiceOptions(product.skus, 'colour', choice)
  // the chosen value's label, null for none chosen, undefined where the product has no such choice
  const named = (options: typeof sizes, value: string | null) =>
    options.length === 0 ? undefined : (options.find((option) => option.value === value)?.label ?? null)

  const add = () => {
    if (!sku || stock === 0) return false
    addToCart({ product_id: product.id, sku: sku.sku, quantity: amount, price: sku.discountedPrice }, stock)
    track('AddToCart', skuAdded(product, sku, amount))
    return true
  }

  return (
    <div className="purchase">
      <Price
        price={sku?.price ?? product.price}
        discountedPrice={sku?.discountedPrice ?? product.discounted_price}
        className="purchase__price"
      />
      {sku && sku.discountedValue > 0 && (
        <p className="purchase__saving">
          {t('product.you-save', { amount: figure(sku.discountedValue.toFixed(2)) })}
        </p>
      )}
      <ChoiceGroup
        legend={t('product.size')}
        options={sizes}
        selected={choice.size}
        onChoose={(value) => setChoice(choose(product.skus, choice, 'size', value))}
      />
      <ChoiceGroup
        legend={t('product.colour')}
        options={colours}
        selected={choice.colour}
        onChoose={(value) => setChoice(choose(product.skus, choice, 'colour', value))}
      />
      <p className="purchase__stock" role="status" data-testid="stock-status">
        {stock === 0
          ? t('product.out-of-stock')
          : stock <= LOW_STOCK
            ? t('product.only-left', { count: figure(stock) })
            : t('product.in-stock')}
      </p>
      <QuantityStepper
        label={t('product.quantity')}
        value={amount}
        canDecrease={canDecrease({ quantity: amount, min_quantity: 1 })}
        canIncrease={stock > 0 && canIncrease({ quantity: amount, max_quantity: max })}
        onChange={(next) => setQuantity(clampQuantity(next, max))}
      />
      <div className="purchase__actions">
        <button
          type="button"
          className="button"
          disabled={stock === 0}
          onClick={() => {
            if (add()) toast.success(t('product.added-to-cart'))
          }}
        >
          {t('product.add-to-cart')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={stock === 0}
          onClick={() => {
            if (add()) void navigate({ to: '/checkout' })
          }}
        >
          {t('product.buy-now')}
        </button>
        <AddToWishlistButton
          productId={product.id}
          name={product.name}
          price={sku?.discountedPrice ?? product.discounted_price}
          sku={sku?.sku}
          className="purchase__wish"
        />
      </div>
      {sku && stock === 0 && (
        <Suspense fallback={null}>
          <NotifyMe skuId={sku.id} />
        </Suspense>
      )}
      <ChatToOrder
        slug={product.slug}
        order={{
          name: product.name,
          size: named(sizes, choice.size),
          colour: named(colours, choice.colour),
          price: sku?.discountedPrice ?? product.discounted_price,
        }}
      />
    </div>
  )
}
