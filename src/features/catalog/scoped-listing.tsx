import type { QueryClient } from '@tanstack/react-query'
import { lazyRouteComponent } from '@tanstack/react-router'
import { listingQuery } from './catalog-api'
import { type ListingSearch, listingRequest, listingSearchSchema } from './listing-search'

/** What a listing path's slug names: /category/$slug, /brand/$slug, /flash-deal/$slug. */
export type ScopeKind = 'category' | 'brand' | 'campaign'

type LoaderArgs = { context: { queryClient: QueryClient }; params: { slug: string }; deps: ListingSearch }

/**
 * The route options of a listing scoped by its path's slug: the filters live in the typed query
 * string, and the page's data is requested by the loader without holding the navigation up. The page's
 * code loads with the route (alongside its data), not with the app.
 */
export function scopedListingRoute(kind: ScopeKind) {
  return {
    validateSearch: listingSearchSchema,
    loaderDeps: ({ search }: { search: ListingSearch }) => search,
    loader: ({ context, params, deps }: LoaderArgs) => {
      void context.queryClient
        .ensureQueryData(listingQuery(listingRequest({ [kind]: params.slug }, deps)))
        .catch(() => undefined)
    },
    component: lazyRouteComponent(() =>
      import('./scoped-listing-page').then((module) => ({ default: module.scopedListingPages[kind] })),
    ),
  }
}
