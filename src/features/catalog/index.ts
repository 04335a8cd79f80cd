export { ProductGrid } from '../../ui/product-grid'
export { ListingPage } from './listing-page'
export {
  type ListingScope,
  type ListingSearch,
  listingPageSize,
  listingRequest,
  listingSearchSchema,
  type SearchPageSearch,
  searchPageSchema,
  toListingFilters,
} from './listing-search'
export { listingQuery } from './queries'
export { type ScopeKind, scopedListingRoute } from './scoped-listing'
export { SearchPage } from './search-page'
