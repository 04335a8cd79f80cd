import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { figure, t } from '../i18n'
import { productsByLogicQuery } from '../state/products'
import { productListQuery } from './products/products-api'
import { moved, RowMoves } from './row-moves'
import { useSettledText } from './settled-text'

/** Products chosen by hand, in order (a home page row, a promotion's): found by name or SKU. */
export function ProductPicker({
  ids,
  max,
  onChange,
  error,
}: {
  ids: number[]
  /** how many may be chosen */
  max: number
  onChange: (ids: number[]) => void
  error: string | null
}) {
  const searchId = useId()
  const [typed, setTyped] = useState('')
  const q = useSettledText(typed)
  // the picked products' names: as the shop shows them, and those just picked from the search
  const [names, setNames] = useState<Record<number, string>>({})
  const shown = useQuery({
    ...productsByLogicQuery({ logic: 'products', slug: ids.join(','), limit: max }),
    enabled: ids.length > 0,
  })
  const nameOf = (id: number) => names[id] ?? shown.data?.find((product) => product.id === id)?.name
  const found = useQuery({
    ...productListQuery({ q, status: 'active', perPage: 8, sort: 'name' }),
    enabled: q.length >= 2,
  })
  const results = q.length >= 2 ? (found.data?.data ?? []).filter((product) => !ids.includes(product.id)) : []
  return (
    <div className="product-picker">
      <p className="admin-status">
        {error ?? t('admin.picker-count', { count: ids.length, shown: figure(ids.length) })}
      </p>
      <ol className="product-picker__list">
        {ids.map((id, index) => {
          const name = nameOf(id) ?? `#${figure(id)}`
          return (
            <li key={id} className="content-row">
              <span>{name}</span>
              <RowMoves
                index={index}
                count={ids.length}
                label={name}
                onMove={(to) => onChange(moved(ids, index, to))}
                onRemove={() => onChange(ids.filter((other) => other !== id))}
              />
            </li>
          )
        })}
      </ol>
      {ids.length < max && (
        <div className="auth-field">
          <label htmlFor={searchId}>{t('admin.picker-find')}</label>
          <input
            id={searchId}
            type="search"
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      )}
      {results.length > 0 && (
        <ul className="product-picker__results" aria-label={t('admin.picker-found')}>
          {results.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setNames({ ...names, [product.id]: product.name })
                  onChange([...ids, product.id])
                  setTyped('')
                }}
              >
                {t('admin.picker-choose', { name: product.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
