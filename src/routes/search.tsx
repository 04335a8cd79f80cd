import { createFileRoute } from '@tanstack/react-router'
import { listingQuery, listingRequest, SearchPage, searchPageSchema } from '../features/catalog'

export const Route = createFileRoute('/search')({
  validateSearch: searchPageSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: { text, ...search } }) => {
    const term = text?.trim() ?? ''
    if (term.length < 2) return
    // not awaited: filters answer at once; offline, the page answers from the products already seen
    void context.queryClient
      .ensureQueryData(listingQuery(listingRequest({ search: term }, search)))
      .catch(() => undefined)
  },
  component: SearchRoute,
})

function SearchRoute() {
  const { text = '', ...search } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SearchPage
      text={text}
      search={search}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  )
}
