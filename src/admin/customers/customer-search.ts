import { type AdminCustomersQuery, type CustomerStatus, customerStatus } from '../../contract/admin-customers'

/** The customers list as the address carries it (`/admin/customers?q=3344&status=blocked&page=2`). */
export type CustomerListView = { q?: string; status?: CustomerStatus; page: number }

export const CUSTOMERS_PER_PAGE = 25

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
const CONTROL = /[\u0000-\u001f\u007f]/g

/** Reads the address leniently: a value the API would not take is dropped, never an error page. */
export function customerListView(search: Record<string, unknown>): CustomerListView {
  const q = text(search.q).replace(CONTROL, '').slice(0, 100)
  const page = /^\d{1,5}$/.test(text(search.page)) ? Number(text(search.page)) : 1
  return {
    q: q || undefined,
    status: customerStatus.options.find((option) => option === text(search.status)),
    page: page >= 1 && page <= 400 ? page : 1,
  }
}

/** The address's search for a view: nothing that says a default. */
export function customerListSearch(view: CustomerListView): Record<string, string | number> {
  const search: Record<string, string | number> = {}
  if (view.q) search.q = view.q
  if (view.status) search.status = view.status
  if (view.page > 1) search.page = view.page
  return search
}

export const customerListQueryOf = (view: CustomerListView): AdminCustomersQuery => ({
  ...customerListSearch(view),
  page: view.page,
  perPage: CUSTOMERS_PER_PAGE,
})
