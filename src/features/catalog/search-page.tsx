import { useIsRestoring, useQueryClient } from '@tanstack/react-query'
import { useOnline } from '../../lib/online'
import { listingQuery } from './catalog-api'
import { ListingPage } from './listing-page'
import { type ListingSearch, listingRequest } from './listing-search'
import { OfflineSearchResults } from './offline-search-results'

type SearchPageProps = { text: string; search: ListingSearch; onSearchChange: (next: ListingSearch) => void }

/** /search?text=…: the full paged listing for the term. */
export function SearchPage({ text, search, onSearchChange }: SearchPageProps) {
  const term = text.trim()
  const queryClient = useQueryClient()
  const online = useOnline()
  const restoring = useIsRestoring()
  // offline, a term never searched online is answered from the products this device has seen
  const searchedBefore =
    queryClient.getQueryData(listingQuery(listingRequest({ search: term }, search)).queryKey) !== undefined
  if (!online && !restoring && term.length >= 2 && !searchedBefore)
    return <OfflineSearchResults term={term} />
  if (term.length < 2) {
    return (
      <section className="listing">
        <h1>Search</h1>
        <p className="empty-state">Type at least 2 characters to search.</p>
      </section>
    )
  }
  return (
    <ListingPage
      key={term}
      title={`Search results for “${term}”`}
      scope={{ search: term }}
      search={search}
      onSearchChange={onSearchChange}
    />
  )
}
