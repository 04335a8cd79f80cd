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
export { ProductGrid } from './product-grid'
export { listingQuery, productKeys, productsByLogicQuery } from './queries'
export { type ScopeKind, scopedListingRoute } from './scoped-listing'
