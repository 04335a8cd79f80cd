import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { ProductStockSku } from '../../contract/admin-products'
import { figure, t, taka } from '../../i18n'
import { formErrors } from '../form-errors'
import { LiveStatus } from '../form-parts'
import { Loading, LoadProblem } from '../shell/status-pages'
import { productListKeys, productStockQuery, productsApi } from './products-api'
import { SameStock } from './same-stock'

const skuLabel = (sku: ProductStockSku) =>
  [sku.size, sku.colour, ...sku.attributes.map((attribute) => attribute.value)].filter(Boolean).join(' · ') ||
  sku.sku

/** A product's skus, each with its stock to change on the spot (`PATCH skus/:id`). */
export function SkuStock({ productId, productName }: { productId: number; productName: string }) {
  const stock = useQuery(productStockQuery(productId))
  if (stock.error) return <LoadProblem error={stock.error} onRetry={() => void stock.refetch()} />
  if (!stock.data) return <Loading />
  if (stock.data.length === 0) return <p>{t('admin-products.no-skus')}</p>
  return (
    <div className="sku-stock__all">
      {stock.data.length > 1 && <SameStock productId={productId} />}
      <ul className="sku-stock" aria-label={t('admin-products.skus-of', { name: productName })}>
        {stock.data.map((sku) => (
          // drawn anew when its stock changes elsewhere (the same stock for all), to show the new figure
          <SkuStockLine key={`${sku.id}:${sku.stockQuantity}`} sku={sku} productId={productId} />
        ))}
      </ul>
    </div>
  )
}

function SkuStockLine({ sku, productId }: { sku: ProductStockSku; productId: number }) {
  const queryClient = useQueryClient()
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (quantity: number) => productsApi.setSkuStock(sku.id, quantity),
    meta: { silent: true },
    onSuccess: (saved) => {
      setError(null)
      setMessage(t('admin-products.stock-saved', { count: figure(saved.stockQuantity) }))
      void queryClient.invalidateQueries({ queryKey: productListKeys.stock(productId) })
      void queryClient.invalidateQueries({ queryKey: [...productListKeys.all(), 'list'] })
    },
    onError: (failure) => {
      setMessage(null)
      const { fields, form } = formErrors(failure, ['stockQuantity'])
      setError(fields.stockQuantity ?? form)
    },
  })
  const inputId = `sku-stock-${sku.id}`
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = Number(new FormData(event.currentTarget).get('stockQuantity'))
    if (!Number.isInteger(value) || value < 0) {
      setError(t('admin-products.stock-invalid'))
      return
    }
    save.mutate(value)
  }
  return (
    <li>
      <form className="sku-stock__line" onSubmit={submit}>
        <label htmlFor={inputId}>
          <span className="sku-stock__name">{skuLabel(sku)}</span>
          <small>
            {sku.sku} · {taka(sku.discountedPrice)}
          </small>
        </label>
        <input
          id={inputId}
          name="stockQuantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          step={1}
          defaultValue={sku.stockQuantity}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="button button--ghost button--small" disabled={save.isPending}>
          {t('admin-products.save-stock')}
        </button>
      </form>
      {error && (
        <p id={`${inputId}-error`} className="auth-error" role="alert">
          {error}
        </p>
      )}
      <LiveStatus message={message} />
    </li>
  )
}
