import type { QueryClient } from '@tanstack/react-query'
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ListingPage, titleFromSlug } from './listing-page'
import { type ListingScope, type ListingSearch, listingRequest, listingSearchSchema } from './listing-search'
import { listingQuery } from './queries'

/** What a listing path's slug names: /category/$slug, /brand/$slug, /flash-deal/$slug. */
export type ScopeKind = 'category' | 'brand' | 'campaign'

type LoaderArgs = { context: { queryClient: QueryClient }; params: { slug: string }; deps: ListingSearch }

function ScopedListing({ kind }: { kind: ScopeKind }) {
  const { slug = '' } = useParams({ strict: false })
  const search = useSearch({ strict: false }) as ListingSearch
  const navigate = useNavigate()
  const scope: ListingScope = { [kind]: slug }
  return (
    <ListingPage
      key={slug}
      title={(data) => data?.scope[kind]?.name ?? titleFromSlug(slug)}
      scope={scope}
      search={search}
      onSearchChange={(next) => navigate({ to: '.', search: next })}
    />
  )
}

const listingComponents: Record<ScopeKind, () => ReactNode> = {
  category: () => <ScopedListing kind="category" />,
  brand: () => <ScopedListing kind="brand" />,
  campaign: () => <ScopedListing kind="campaign" />,
}

/**
 * The route options of a listing scoped by its path's slug: the filters live in the typed query
 * string, and the page's data is requested by the loader without holding the navigation up.
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
    component: listingComponents[kind],
  }
}
