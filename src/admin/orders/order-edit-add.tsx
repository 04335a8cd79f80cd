import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { AdminProductRow, ProductStockSku } from '../../contract/admin-products'
import { toLatinDigits } from '../../contract/digits'
import { figure, t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { productListQuery, productStockQuery } from '../products/products-api'
import { useSettledText } from '../settled-text'

/** A line the editor adds: the sku chosen and how it reads until the server prices it. */
export type AddedLine = {
  skuId: number
  quantity: number
  name: string
  variant: string
  sku: string
  price: number
}

type Props = {
  /** the skus already in the edited order (each appears once: its quantity changes instead) */
  inOrder: ReadonlySet<number>
  onAdd: (line: AddedLine) => void
}

const variantOf = (sku: ProductStockSku) => [sku.size, sku.colour].filter(Boolean).join(', ') || sku.sku

/** Adds an item to the order: a product found by name or sku, then its size and colour and how many. */
export function OrderEditAdd({ inOrder, onAdd }: Props) {
  const searchId = useId()
  const [typed, setTyped] = useState('')
  const q = useSettledText(typed)
  const [chosen, setChosen] = useState<AdminProductRow | null>(null)
  const found = useQuery({
    ...productListQuery({ q, status: 'active', perPage: 8, sort: 'name' }),
    enabled: q.length >= 2,
  })
  const results = q.length >= 2 ? (found.data?.data ?? []) : []

  return (
    <div className="order-edit__add">
      <div className="auth-field">
        <label htmlFor={searchId}>{t('admin-orders.edit-search')}</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p className="admin-status" role="status">
        {q.length >= 2 && found.data
          ? t('admin-orders.edit-found', { count: results.length, shown: figure(results.length) })
          : ''}
      </p>
      {results.length > 0 && !chosen && (
        <ul className="order-edit__results" aria-label={t('admin-orders.edit-results')}>
          {results.map((product) => (
            <li key={product.id}>
              <span>
                {product.name}
                <small>{taka(product.discountedPrice)}</small>
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={t('admin-orders.edit-choose-named', { name: product.name })}
                onClick={() => setChosen(product)}
              >
                {t('admin-orders.edit-choose')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <ChooseSku
          key={chosen.id}
          product={chosen}
          inOrder={inOrder}
          onAdd={(line) => {
            onAdd(line)
            setChosen(null)
            setTyped('')
          }}
          onCancel={() => setChosen(null)}
        />
      )}
    </div>
  )
}

function ChooseSku({
  product,
  inOrder,
  onAdd,
  onCancel,
}: {
  product: AdminProductRow
  inOrder: ReadonlySet<number>
  onAdd: (line: AddedLine) => void
  onCancel: () => void
}) {
  const skus = useQuery(productStockQuery(product.id))
  const [skuId, setSkuId] = useState('')
  const [quantity, setQuantity] = useState('1')
  const [error, setError] = useState<string | null>(null)
  if (!skus.data) return <p>{t('admin-orders.edit-loading')}</p>

  const add = () => {
    const sku = skus.data.find((s) => String(s.id) === skuId)
    const n = Number(toLatinDigits(quantity.trim()))
    if (!sku) {
      setError(t('admin-orders.edit-pick-variant'))
      return
    }
    if (!Number.isInteger(n) || n < 1 || n > 99) {
      setError(t('admin-orders.edit-need-quantity'))
      return
    }
    onAdd({
      skuId: sku.id,
      quantity: n,
      name: product.name,
      variant: variantOf(sku),
      sku: sku.sku,
      price: sku.discountedPrice,
    })
  }

  return (
    <div className="order-edit__choose">
      <SelectField
        label={t('admin-orders.edit-variant', { name: product.name })}
        value={skuId}
        onChange={(event) => {
          setSkuId(event.target.value)
          setError(null)
        }}
        error={error === t('admin-orders.edit-pick-variant') ? error : null}
      >
        <option value="">{t('admin-orders.edit-pick-variant')}</option>
        {skus.data.map((sku) => (
          <option key={sku.id} value={sku.id} disabled={inOrder.has(sku.id) || sku.stockQuantity < 1}>
            {inOrder.has(sku.id)
              ? t('admin-orders.edit-in-order', { variant: variantOf(sku) })
              : t('admin-orders.edit-variant-option', {
                  variant: variantOf(sku),
                  price: taka(sku.discountedPrice),
                  stock: figure(sku.stockQuantity),
                })}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('admin-orders.edit-new-quantity')}
        inputMode="numeric"
        value={quantity}
        onChange={(event) => {
          setQuantity(event.target.value)
          setError(null)
        }}
        error={error === t('admin-orders.edit-need-quantity') ? error : null}
      />
      <div className="admin-actions">
        <button type="button" className="button button--small" onClick={add}>
          {t('admin-orders.edit-add-line')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('admin-orders.close')}
        </button>
      </div>
    </div>
  )
}
