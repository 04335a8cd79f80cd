import { createFileRoute } from '@tanstack/react-router'
import {
  ListingPage,
  listingQuery,
  listingRequest,
  listingSearchSchema,
  titleFromSlug,
} from '../../features/catalog'

export const Route = createFileRoute('/brand/$slug')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  // not awaited: the URL and the filters answer at once while the page's data arrives
  loader: ({ context, params, deps }) => {
    void context.queryClient
      .ensureQueryData(listingQuery(listingRequest({ brand: params.slug }, deps)))
      .catch(() => undefined)
  },
  component: BrandRoute,
})

function BrandRoute() {
  const { slug } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ListingPage
      key={slug}
      title={titleFromSlug(slug)}
      scope={{ brand: slug }}
      search={search}
      onSearchChange={(next) => navigate({ search: next })}
    />
  )
}
