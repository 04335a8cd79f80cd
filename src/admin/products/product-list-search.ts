import {
  type AdminProductsQuery,
  DEFAULT_DIRECTION,
  type ProductSort,
  type ProductStatus,
  productSort,
  productStatus,
  type SortDirection,
  type StockFilter,
  sortDirection,
  stockFilter,
} from '../../contract/admin-products'

/** The products list as the address carries it (`/admin/products?status=draft&sort=price&page=2`). */
export type ProductListView = {
  q?: string
  status?: ProductStatus
  categoryId?: number
  brandId?: number
  campaignId?: number
  stock?: StockFilter
  sort: ProductSort
  dir: SortDirection
  page: number
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
const whole = (value: unknown, max: number) => {
  const digits = text(value)
  const number = /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN
  return number >= 1 && number <= max ? number : undefined
}
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.find((option) => option === text(value))

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
const CONTROL = /[\u0000-\u001f\u007f]/g

/** Reads the address leniently: a value the API would not take is dropped, never an error page. */
export function productListView(search: Record<string, unknown>): ProductListView {
  const q = text(search.q).replace(CONTROL, '').slice(0, 100)
  const sort = oneOf(productSort.options, search.sort) ?? 'updated'
  return {
    q: q || undefined,
    status: oneOf(productStatus.options, search.status),
    categoryId: whole(search.categoryId, 2_147_483_647),
    brandId: whole(search.brandId, 2_147_483_647),
    campaignId: whole(search.campaignId, 2_147_483_647),
    stock: oneOf(stockFilter.options, search.stock),
    sort,
    dir: oneOf(sortDirection.options, search.dir) ?? DEFAULT_DIRECTION[sort],
    page: whole(search.page, 10_000) ?? 1,
  }
}

/** The address's search for a view: nothing that says a default. */
export function productListSearch(view: ProductListView): Record<string, string | number> {
  const search: Record<string, string | number> = {}
  for (const key of ['q', 'status', 'categoryId', 'brandId', 'campaignId', 'stock'] as const) {
    const value = view[key]
    if (value !== undefined && value !== '') search[key] = value
  }
  if (view.sort !== 'updated') search.sort = view.sort
  if (view.dir !== DEFAULT_DIRECTION[view.sort]) search.dir = view.dir
  if (view.page > 1) search.page = view.page
  return search
}

export const PER_PAGE = 25

/** What the API is asked for a view. */
export const listQuery = (view: ProductListView): AdminProductsQuery => ({
  ...productListSearch(view),
  sort: view.sort,
  dir: view.dir,
  page: view.page,
  perPage: PER_PAGE,
})
