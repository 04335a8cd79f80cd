import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LIST_DEPTH, PRODUCT_COUNT_CAP } from '../../contract/admin-products'
import { figure, msg, t } from '../../i18n'
import { groupIndian } from '../../lib/money'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { adminLink } from '../links'
import { ListCount, ListFilters, ListPage } from '../list/admin-list'
import { useAdminList } from '../list/use-admin-list'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { BulkBar } from './bulk-bar'
import { listQuery, PER_PAGE, productListSearch, productListView } from './product-list-search'
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

/** The active products whose skus are all at 0: only their count is read. */
const SOLD_OUT = { status: 'active', stock: 'out', sort: 'updated', page: 1, perPage: 1 } as const
const soldOutView = productListView({ status: 'active', stock: 'out' })

/**
 * `/admin/products`: search, filter, sort and page through the catalogue (all of it in the address, so a
 * reload or a shared link shows the same list), change many products at once, and each sku's stock.
 * Staff members are offered the stock changes only.
 */
export function ProductListPage({ staff, search }: SectionPageProps) {
  const view = productListView(search)
  const { list, href, go, selected, setSelected, clearSelection } = useAdminList({
    path: '/admin/products',
    view,
    searchOf: productListSearch,
    query: productListQuery(listQuery(view)),
  })
  const refs = useQuery(catalogueRefsQuery)
  const soldOut = useQuery(productListQuery(SOLD_OUT))
  const soldOutCount = soldOut.data?.meta.total ?? 0
  const showingSoldOut = view.status === 'active' && view.stock === 'out'
  const catalogue = may(staff, 'catalogue.write')

  const submit = (form: FormData) => {
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
      {soldOutCount > 0 && !showingSoldOut && (
        <div className="admin-notice product-list__sold-out">
          <p>
            {t('admin-products.active-out-notice', {
              count: soldOutCount,
              shown: figure(soldOutCount),
            })}
          </p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => go(soldOutView)}
          >
            {t('admin-products.active-out-show')}
          </button>
        </div>
      )}
      <ListFilters
        // drawn again when the address changes, and once the pickers' options arrive (to show the chosen ones)
        key={`${href} ${refs.isSuccess}`}
        className="product-list__filters"
        label={t('admin-products.filters')}
        onSubmit={submit}
        onClear={() => go(productListView({}))}
        applyLabel={t('admin-products.apply')}
        clearLabel={t('admin-products.clear')}
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
      </ListFilters>
      <ListCount>
        {meta &&
          (meta.totalCapped
            ? t('admin-products.count-capped', { shown: figure(groupIndian(String(PRODUCT_COUNT_CAP))) })
            : t('admin-products.count', { count: meta.total, shown: figure(meta.total) }))}
      </ListCount>
      <ListPage
        list={list}
        page={view.page}
        last={(answer) => !answer.meta.hasNext || view.page * PER_PAGE >= LIST_DEPTH}
        onPage={(page) => go({ ...view, page })}
      >
        {(answer) => (
          <>
            <BulkBar
              selected={[...selected]}
              rows={answer.data}
              catalogue={catalogue}
              campaigns={refs.data?.campaigns ?? []}
              onDone={clearSelection}
            />
            <ProductRows
              rows={answer.data}
              busy={list.isPlaceholderData}
              selected={selected}
              onSelect={setSelected}
              canEdit={catalogue}
              statusLabels={statusLabels}
            />
          </>
        )}
      </ListPage>
    </div>
  )
}
