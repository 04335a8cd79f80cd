import { useIsRestoring, useQueryClient } from '@tanstack/react-query'
import { t } from '../../i18n'
import { useSlowLink } from '../../lib/link'
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
  const slow = useSlowLink()
  const restoring = useIsRestoring()
  // offline or while requests time out, a term never searched before is answered from the products this
  // device has seen; once the server answers again the real results take their place
  const searchedBefore =
    queryClient.getQueryData(listingQuery(listingRequest({ search: term }, search)).queryKey) !== undefined
  if ((!online || slow) && !restoring && term.length >= 2 && !searchedBefore)
    return <OfflineSearchResults term={term} reason={online ? 'slow' : 'offline'} />
  if (term.length < 2) {
    return (
      <section className="listing">
        <h1>{t('catalog.search')}</h1>
        <p className="empty-state">{t('catalog.search-too-short')}</p>
      </section>
    )
  }
  return (
    <ListingPage
      key={term}
      title={t('catalog.search-results', { term })}
      scope={{ search: term }}
      search={search}
      onSearchChange={onSearchChange}
    />
  )
}
