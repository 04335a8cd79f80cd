import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { CampaignProduct } from '../../contract/admin-catalogue'
import { figure, t, taka } from '../../i18n'
import { useSettledText } from '../settled-text'
import type { CampaignDraft } from './campaign-draft'
import { candidatesQuery } from './catalogue-api'

type CampaignProductsProps = {
  draft: CampaignDraft
  onChange: (patch: Partial<CampaignDraft>) => void
  error?: string | null | undefined
}

/** Products chosen by hand: search by name and add, remove; with per-product prices, a price for each. */
export function CampaignProducts({ draft, onChange, error }: CampaignProductsProps) {
  const searchId = useId()
  const [typed, setTyped] = useState('')
  const q = useSettledText(typed)
  const found = useQuery({ ...candidatesQuery(q), enabled: q.length >= 2 })
  const chosen = new Set(draft.products.map((product) => product.id))
  const add = (product: CampaignProduct) => onChange({ products: [...draft.products, product] })
  const remove = (product: CampaignProduct) => {
    const { [product.id]: _dropped, ...prices } = draft.prices
    onChange({ products: draft.products.filter((other) => other.id !== product.id), prices })
  }
  const results = (found.data ?? []).filter((product) => !chosen.has(product.id))
  const perProduct = draft.pricing === 'prices'

  return (
    <div className="catalogue-products">
      <div className="auth-field">
        <label htmlFor={searchId}>{t('admin-catalogue.product-search')}</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p className="admin-status" role="status">
        {q.length >= 2 && found.data ? t('admin-catalogue.found', { count: figure(results.length) }) : ''}
      </p>
      {results.length > 0 && (
        <ul className="catalogue-list" aria-label={t('admin-catalogue.search-results')}>
          {results.map((product) => (
            <li key={product.id} className="catalogue-row">
              <div className="catalogue-row__line">
                <span className="catalogue-row__text">
                  {product.name}
                  <span className="catalogue-row__meta">{taka(product.discountedPrice)}</span>
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('admin-catalogue.add-named', { name: product.name })}
                  onClick={() => add(product)}
                >
                  {t('admin-catalogue.add')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('admin-catalogue.chosen', { count: figure(draft.products.length) })}</h3>
      {error && (
        <p className="auth-error" role="alert">
          {error}
        </p>
      )}
      {draft.products.length > 0 && (
        <div className="catalogue-scroll">
          <table className="catalogue-prices">
            <thead>
              <tr>
                <th scope="col">{t('admin-catalogue.product')}</th>
                <th scope="col">{t('admin-catalogue.regular-price')}</th>
                {perProduct && <th scope="col">{t('admin-catalogue.campaign-price')}</th>}
                <th scope="col">
                  <span className="visually-hidden">{t('admin-catalogue.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.products.map((product) => (
                <tr key={product.id}>
                  <td>{product.name}</td>
                  <td>{taka(product.price)}</td>
                  {perProduct && (
                    <td>
                      <input
                        inputMode="decimal"
                        aria-label={t('admin-catalogue.price-for', { name: product.name })}
                        value={draft.prices[product.id] ?? ''}
                        onChange={(event) =>
                          onChange({ prices: { ...draft.prices, [product.id]: event.target.value } })
                        }
                      />
                    </td>
                  )}
                  <td>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('admin-catalogue.remove-named', { name: product.name })}
                      onClick={() => remove(product)}
                    >
                      {t('admin-catalogue.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
