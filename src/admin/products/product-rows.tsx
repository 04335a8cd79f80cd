import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { ProductStatus } from '../../contract/admin-product'
import type { AdminProductRow } from '../../contract/admin-products'
import { figure, type MessageKey, t, taka, useLanguage } from '../../i18n'
import { mediaUrl } from '../../lib/media'
import { adminLink } from '../links'
import { type AdminColumn, AdminTable, toggled } from '../list/admin-table'
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
  const tableId = useId()
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const language = useLanguage()
  const name = (row: AdminProductRow) => (language === 'bn' && row.nameBn ? row.nameBn : row.name)
  const skusId = (row: AdminProductRow) => `${tableId}-skus-${row.id}`

  const columns: AdminColumn<AdminProductRow>[] = [
    {
      header: t('admin-products.product'),
      className: 'product-rows__product',
      cell: (row) => (
        <>
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
        </>
      ),
    },
    {
      header: t('admin-products.status'),
      label: t('admin-products.status'),
      cell: (row) =>
        row.status === 'active' && row.stockLevel === 'out' ? (
          <span className="admin-tag admin-tag--warn product-status">{t('admin-products.active-out')}</span>
        ) : (
          <span className={`admin-tag product-status product-status--${row.status}`}>
            {t(statusLabels[row.status])}
          </span>
        ),
    },
    {
      header: t('admin-products.price'),
      label: t('admin-products.price'),
      cell: (row) => (
        <>
          {row.discountedPrice < row.price && <s className="product-rows__was">{taka(row.price)}</s>}{' '}
          {taka(row.discountedPrice)}
        </>
      ),
    },
    {
      header: t('admin-products.stock'),
      label: t('admin-products.stock'),
      cell: (row) => (
        <span className={`product-stock product-stock--${row.stockLevel}`}>
          {row.stockLevel === 'out'
            ? t('admin-products.stock-none')
            : row.stockLevel === 'low'
              ? t('admin-products.stock-few', { count: figure(row.stockQuantity) })
              : t('admin-products.stock-count', { count: figure(row.stockQuantity) })}
        </span>
      ),
    },
    {
      header: <span className="visually-hidden">{t('admin-products.skus')}</span>,
      cell: (row) => (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={open.has(row.id)}
          aria-controls={open.has(row.id) ? skusId(row) : undefined}
          onClick={() => setOpen(toggled(open, row.id))}
        >
          {t('admin-products.show-skus', { count: figure(row.skuCount) })}
          <span className="visually-hidden">: {name(row)}</span>
        </button>
      ),
    },
  ]

  return (
    <AdminTable
      caption={t('admin-products.caption')}
      className="product-rows"
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      busy={busy}
      empty={t('admin-products.empty')}
      rowClassName="product-rows__row"
      selection={{
        selected,
        onSelect,
        idOf: (row) => row.id,
        pageLabel: t('admin-products.select-page'),
        rowLabel: (row) => t('admin-products.select', { name: name(row) }),
        className: 'product-rows__pick',
      }}
      below={(row) =>
        open.has(row.id) && (
          <tr className="product-rows__skus">
            <td colSpan={columns.length + 1} id={skusId(row)}>
              <SkuStock productId={row.id} productName={name(row)} />
            </td>
          </tr>
        )
      }
    />
  )
}
