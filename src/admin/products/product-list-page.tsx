import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { LIST_DEPTH, PRODUCT_COUNT_CAP } from '../../contract/admin-products'
import { figure, msg, t } from '../../i18n'
import { groupIndian } from '../../lib/money'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { adminLink, withSearch } from '../links'
import { AdminPaging } from '../paging'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { BulkBar } from './bulk-bar'
import {
  listQuery,
  PER_PAGE,
  type ProductListView,
  productListSearch,
  productListView,
} from './product-list-search'
import { ProductRows } from './product-rows'
import { catalogueRefsQuery, productListQuery } from './products-api'
import './product-list.css'

const statusLabels = {
  draft: msg('admin-products.status-draft'),
  active: msg('admin-products.status-active'),
  archived: msg('admin-products.status-archived'),
}
const stockLabels = {
  out: msg('admin-products.stock-out'),
  low: msg('admin-products.stock-low'),
  in: msg('admin-products.stock-in'),
}
const sortLabels = {
  'updated-desc': msg('admin-products.sort-updated'),
  'created-desc': msg('admin-products.sort-created'),
  'name-asc': msg('admin-products.sort-name'),
  'price-asc': msg('admin-products.sort-price-low'),
  'price-desc': msg('admin-products.sort-price-high'),
  'stock-asc': msg('admin-products.sort-stock-low'),
  'stock-desc': msg('admin-products.sort-stock-high'),
} as const

const listHref = (view: ProductListView) => withSearch('/admin/products', productListSearch(view))

/**
 * `/admin/products`: search, filter, sort and page through the catalogue (all of it in the address, so a
 * reload or a shared link shows the same list), change many products at once, and each sku's stock.
 * Staff members are offered the stock changes only.
 */
export function ProductListPage({ staff, search }: SectionPageProps) {
  const view = productListView(search)
  const navigate = useNavigate()
  const list = useQuery({ ...productListQuery(listQuery(view)), placeholderData: keepPreviousData })
  const refs = useQuery(catalogueRefsQuery)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const catalogue = may(staff, 'catalogue.write')
  const go = (next: ProductListView) => {
    setSelected(new Set())
    void navigate({ href: listHref(next) })
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '').trim()
    const [sort, dir] = value('order').split('-')
    go(
      productListView({
        q: value('q'),
        status: value('status'),
        categoryId: value('categoryId'),
        brandId: value('brandId'),
        campaignId: value('campaignId'),
        stock: value('stock'),
        sort,
        dir,
      }),
    )
  }

  const rows = list.data?.data ?? []
  const meta = list.data?.meta
  const order = `${view.sort}-${view.dir}`

  return (
    <div className="admin-page product-list">
      <div className="product-list__head">
        <h1>{t('admin.nav-products')}</h1>
        {catalogue && (
          <Link {...adminLink('products/new')} className="button">
            {t('admin-products.new')}
          </Link>
        )}
      </div>
      <form
        // drawn again when the address changes, and once the pickers' options arrive (to show the chosen ones)
        key={`${listHref(view)} ${refs.isSuccess}`}
        className="admin-filters product-list__filters"
        aria-label={t('admin-products.filters')}
        onSubmit={submit}
      >
        <Field
          label={t('admin-products.search')}
          name="q"
          type="search"
          defaultValue={view.q ?? ''}
          placeholder={t('admin-products.search-hint')}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField label={t('admin-products.filter-status')} name="status" defaultValue={view.status ?? ''}>
          <option value="">{t('admin-products.any')}</option>
          {Object.entries(statusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin-products.filter-category')}
          name="categoryId"
          defaultValue={view.categoryId ?? ''}
        >
          <option value="">{t('admin-products.any')}</option>
          {refs.data?.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.parentId ? `— ${category.name}` : category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin-products.filter-brand')}
          name="brandId"
          defaultValue={view.brandId ?? ''}
        >
          <option value="">{t('admin-products.any')}</option>
          {refs.data?.brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin-products.filter-campaign')}
          name="campaignId"
          defaultValue={view.campaignId ?? ''}
        >
          <option value="">{t('admin-products.any')}</option>
          {refs.data?.campaigns.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin-products.filter-stock')} name="stock" defaultValue={view.stock ?? ''}>
          <option value="">{t('admin-products.any')}</option>
          {Object.entries(stockLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin-products.sort')}
          name="order"
          defaultValue={order in sortLabels ? order : 'updated-desc'}
        >
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
        <div className="admin-actions admin-filters__buttons">
          <button type="submit" className="button">
            {t('admin-products.apply')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => go(productListView({}))}>
            {t('admin-products.clear')}
          </button>
        </div>
      </form>
      <p className="admin-status" role="status" aria-live="polite">
        {meta &&
          (meta.totalCapped
            ? t('admin-products.count-capped', { shown: figure(groupIndian(String(PRODUCT_COUNT_CAP))) })
            : t('admin-products.count', { count: meta.total, shown: figure(meta.total) }))}
      </p>
      {list.data ? (
        <>
          <BulkBar
            selected={[...selected]}
            rows={rows}
            catalogue={catalogue}
            campaigns={refs.data?.campaigns ?? []}
            onDone={() => setSelected(new Set())}
          />
          <ProductRows
            rows={rows}
            busy={list.isPlaceholderData}
            selected={selected}
            onSelect={setSelected}
            canEdit={catalogue}
            statusLabels={statusLabels}
          />
          <AdminPaging
            page={view.page}
            last={!meta?.hasNext || view.page * PER_PAGE >= LIST_DEPTH}
            onPage={(page) => go({ ...view, page })}
          />
        </>
      ) : list.error ? (
        <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}
