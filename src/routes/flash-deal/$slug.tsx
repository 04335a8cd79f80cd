import { createFileRoute } from '@tanstack/react-router'
import {
  ListingPage,
  listingQuery,
  listingRequest,
  listingSearchSchema,
  titleFromSlug,
} from '../../features/catalog'

export const Route = createFileRoute('/flash-deal/$slug')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  // not awaited: the URL and the filters answer at once while the page's data arrives
  loader: ({ context, params, deps }) => {
    void context.queryClient
      .ensureQueryData(listingQuery(listingRequest({ campaign: params.slug }, deps)))
      .catch(() => undefined)
  },
  component: FlashDealRoute,
})

function FlashDealRoute() {
  const { slug } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ListingPage
      key={slug}
      title={titleFromSlug(slug)}
      scope={{ campaign: slug }}
      search={search}
      onSearchChange={(next) => navigate({ search: next })}
    />
  )
}
