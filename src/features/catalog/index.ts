export { ProductGrid } from '../../ui/product-grid'
export { listingQuery } from './catalog-api'
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
export { type ScopeKind, scopedListingRoute } from './scoped-listing'
export { SearchPage } from './search-page'
