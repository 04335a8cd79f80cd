import { Link } from '@tanstack/react-router'
import { Fragment, useId, useState } from 'react'
import type { ProductStatus } from '../../contract/admin-product'
import type { AdminProductRow } from '../../contract/admin-products'
import { figure, type MessageKey, t, taka, useLanguage } from '../../i18n'
import { mediaUrl } from '../../lib/media'
import { adminLink } from '../links'
import { SkuStock } from './sku-stock'

type ProductRowsProps = {
  rows: readonly AdminProductRow[]
  busy: boolean
  selected: ReadonlySet<number>
  onSelect: (next: ReadonlySet<number>) => void
  /** owners and managers open a product in the editor */
  canEdit: boolean
  statusLabels: Record<ProductStatus, MessageKey>
}

/** The page's products as a table (cards on a phone), each selectable and with its skus' stock to expand. */
export function ProductRows({ rows, busy, selected, onSelect, canEdit, statusLabels }: ProductRowsProps) {
  const captionId = useId()
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const language = useLanguage()
  if (rows.length === 0) {
    return (
      <p className="admin-notice" role="status">
        {t('admin-products.empty')}
      </p>
    )
  }
  const allChosen = rows.every((row) => selected.has(row.id))
  const toggle = (set: ReadonlySet<number>, id: number) => {
    const next = new Set(set)
    if (!next.delete(id)) next.add(id)
    return next
  }
  const name = (row: AdminProductRow) => (language === 'bn' && row.nameBn ? row.nameBn : row.name)

  return (
    <section className="admin-table-wrap product-rows" aria-labelledby={captionId} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{t('admin-products.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="product-rows__pick">
              <input
                type="checkbox"
                checked={allChosen}
                aria-label={t('admin-products.select-page')}
                onChange={() => onSelect(allChosen ? new Set() : new Set(rows.map((row) => row.id)))}
              />
            </th>
            <th scope="col">{t('admin-products.product')}</th>
            <th scope="col">{t('admin-products.status')}</th>
            <th scope="col">{t('admin-products.price')}</th>
            <th scope="col">{t('admin-products.stock')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('admin-products.skus')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const expanded = open.has(row.id)
            const skusId = `${captionId}-skus-${row.id}`
            return (
              <Fragment key={row.id}>
                <tr className="product-rows__row" data-selected={selected.has(row.id) || undefined}>
                  <td className="product-rows__pick">
                    <input
                      type="checkbox"
                      checked={selected.has(row.id)}
                      aria-label={t('admin-products.select', { name: name(row) })}
                      onChange={() => onSelect(toggle(selected, row.id))}
                    />
                  </td>
                  <td className="product-rows__product">
                    {row.image ? (
                      <img src={mediaUrl(row.image, 'xs')} alt="" width={40} height={50} loading="lazy" />
                    ) : (
                      <span className="product-rows__no-image" aria-hidden="true" />
                    )}
                    <span>
                      {canEdit ? (
                        <Link {...adminLink(`products/${row.id}`)} className="product-rows__name">
                          {name(row)}
                        </Link>
                      ) : (
                        <span className="product-rows__name">{name(row)}</span>
                      )}
                      <small>
                        {row.brandName} · {row.categoryName}
                      </small>
                    </span>
                  </td>
                  <td data-label={t('admin-products.status')}>
                    <span className={`admin-tag product-status product-status--${row.status}`}>
                      {t(statusLabels[row.status])}
                    </span>
                  </td>
                  <td data-label={t('admin-products.price')}>
                    {row.discountedPrice < row.price && (
                      <s className="product-rows__was">{taka(row.price)}</s>
                    )}{' '}
                    {taka(row.discountedPrice)}
                  </td>
                  <td data-label={t('admin-products.stock')}>
                    <span className={`product-stock product-stock--${row.stockLevel}`}>
                      {row.stockLevel === 'out'
                        ? t('admin-products.stock-none')
                        : row.stockLevel === 'low'
                          ? t('admin-products.stock-few', { count: figure(row.stockQuantity) })
                          : t('admin-products.stock-count', { count: figure(row.stockQuantity) })}
                    </span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-expanded={expanded}
                      aria-controls={expanded ? skusId : undefined}
                      onClick={() => setOpen(toggle(open, row.id))}
                    >
                      {t('admin-products.show-skus', { count: figure(row.skuCount) })}
                      <span className="visually-hidden">: {name(row)}</span>
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr className="product-rows__skus">
                    <td colSpan={6} id={skusId}>
                      <SkuStock productId={row.id} productName={name(row)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
