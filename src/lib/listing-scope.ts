/** What a listing's own path is about (storefront §2): a category, a brand, a campaign, or a search term. */
export type ListingScope = { category?: string; brand?: string; campaign?: string; search?: string }

/**
 * The API filters a listing's path fixes. Self-contained (no imports, no outside names): index.html's
 * early requests carry its source, so a first visit asks for exactly what the app will ask for.
 */
export function scopeFilters(scope: ListingScope): {
  category?: string
  brand?: string[]
  campaign?: string
} {
  const filters: { category?: string; brand?: string[]; campaign?: string } = {}
  if (scope.category) filters.category = scope.category
  if (scope.brand) filters.brand = [scope.brand]
  if (scope.campaign) filters.campaign = scope.campaign
  return filters
}
