import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { figure, t } from '../../i18n'
import { formErrors } from '../form-errors'
import { LiveStatus } from '../form-parts'
import { productListKeys, productsApi } from './products-api'

/** One stock for every sku of the product (`PATCH products/:id/skus`). */
export function SameStock({ productId }: { productId: number }) {
  const queryClient = useQueryClient()
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (quantity: number) => productsApi.changeSkus(productId, { stockQuantity: quantity }),
    meta: { silent: true },
    onSuccess: (skus, quantity) => {
      setError(null)
      setMessage(t('admin-products.stock-all-saved', { count: figure(quantity) }))
      queryClient.setQueryData(productListKeys.stock(productId), skus)
      void queryClient.invalidateQueries({ queryKey: [...productListKeys.all(), 'list'] })
    },
    onError: (failure) => {
      setMessage(null)
      const { fields, form } = formErrors(failure, ['stockQuantity'])
      setError(fields.stockQuantity ?? form)
    },
  })
  const inputId = `sku-stock-all-${productId}`
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = String(new FormData(event.currentTarget).get('stockQuantity') ?? '').trim()
    const value = Number(typed)
    if (typed === '' || !Number.isInteger(value) || value < 0) {
      setError(t('admin-products.stock-invalid'))
      return
    }
    save.mutate(value)
  }
  return (
    <>
      <form className="sku-stock__line" onSubmit={submit}>
        <label htmlFor={inputId}>{t('admin-products.stock-all')}</label>
        <input
          id={inputId}
          name="stockQuantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          step={1}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="button button--ghost button--small" disabled={save.isPending}>
          {t('admin-products.stock-all-apply')}
        </button>
      </form>
      {error && (
        <p id={`${inputId}-error`} className="auth-error" role="alert">
          {error}
        </p>
      )}
      <LiveStatus message={message} />
    </>
  )
}
