import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { useSnapshot } from 'valtio'
import type { ListingResponse } from '../../contract/product'
import { figure, t, useLanguage } from '../../i18n'
import { isOfflineError, isSlowError } from '../../lib/api'
import { type FilterValue, filterPatch } from '../../lib/query-string'
import { shopName, useShop } from '../../state/shop'
import { setMobileFilter, setPageTitle, ui } from '../../state/ui'
import { FilterIcon } from '../../ui/icons'
import { OfflineState } from '../../ui/offline-state'
import { Popup } from '../../ui/popup'
import { ProductGrid } from '../../ui/product-grid'
import { GridSkeleton } from '../../ui/skeleton'
import { SlowState } from '../../ui/slow-state'
import { listingQuery } from './catalog-api'
import { FilterPanel } from './filter-panel'
import {
  clearedListingSearch,
  type ListingScope,
  type ListingSearch,
  listingRequest,
  pageCount,
} from './listing-search'
import { Pagination } from './pagination'

type ListingPageProps = {
  /** the heading, or how to name the page from its data (a slug stands in while it loads) */
  title: string | ((data: ListingResponse | undefined) => string)
  scope: ListingScope
  /** what the page shows above its products, from its data (an upcoming campaign's banner and start) */
  intro?: (data: ListingResponse | undefined) => ReactNode
  search: ListingSearch
  /**
   * merges a patch into the URL's current search state in one navigation (one new history entry, no
   * reload); a key set to undefined leaves the URL
   */
  onSearchChange: (patch: ListingSearch) => void
}

/** A slug as words, until the listing's own data names it. */
export function titleFromSlug(slug: string): string {
  return slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase())
}

/** The document's title while the listing is shown: what it lists, its page past the first, the shop. */
function useListingTitle(heading: string, page: number) {
  const shop = shopName(useShop(), useLanguage())
  const title =
    page > 1
      ? t('catalog.document-title-page', { name: heading, page: figure(page), shop })
      : t('catalog.document-title', { name: heading, shop })
  useEffect(() => {
    setPageTitle(title)
    return () => setPageTitle(null)
  }, [title])
}

export function ListingPage({ title, scope, intro, search, onSearchChange }: ListingPageProps) {
  const request = listingRequest(scope, search)
  const { data, isPending, isPlaceholderData, isError, error, refetch } = useQuery(listingQuery(request))
  const { isMobile, mobileFilterOpen } = useSnapshot(ui)
  const onFilter = (filters: { [K in keyof ListingSearch]?: FilterValue }) =>
    onSearchChange(filterPatch<ListingSearch>(filters))
  const onClear = () => onSearchChange(clearedListingSearch)
  const last = data ? pageCount(data.total, data.perPage) : 1
  const heading = typeof title === 'string' ? title : title(data)
  useListingTitle(heading, search.page ?? 1)

  const panel = data && (
    <FilterPanel
      facets={data.facets}
      filters={request.filters}
      scope={scope}
      onFilter={onFilter}
      onClear={onClear}
    />
  )
  return (
    <section className="listing" aria-labelledby="listing-title">
      <header className="listing__header">
        <h1 id="listing-title">{heading}</h1>
        {data && (
          <p className="listing__count" aria-live="polite">
            {t('catalog.product-count', { count: data.total })}
          </p>
        )}
        {isMobile && data && (
          <button type="button" className="button button--ghost" onClick={() => setMobileFilter(true)}>
            <FilterIcon /> {t('catalog.filter')}
          </button>
        )}
      </header>
      {intro?.(data)}
      <div className="listing__body">
        {!isMobile && panel && (
          <aside className="listing__filters" aria-label={t('catalog.filters')}>
            {panel}
          </aside>
        )}
        <div className="listing__results" aria-busy={isPending || isPlaceholderData}>
          {isError && !data && isOfflineError(error) ? (
            <OfflineState subject={t('catalog.offline-subject')} heading="h2" />
          ) : isError && !data && isSlowError(error) ? (
            <SlowState message={t('catalog.slow')} onRetry={() => void refetch()} />
          ) : isError && !data ? (
            <div className="empty-state" role="alert">
              <p>{t('catalog.failed')}</p>
              <button type="button" className="button" onClick={() => void refetch()}>
                {t('catalog.try-again')}
              </button>
            </div>
          ) : isPending ? (
            <GridSkeleton count={8} />
          ) : data && data.data.length > 0 ? (
            <ProductGrid products={data.data} />
          ) : (
            <p className="empty-state">{t('catalog.no-products')}</p>
          )}
          {data && (
            <Pagination
              current={search.page ?? 1}
              last={last}
              onPage={(page) => onSearchChange({ page: page > 1 ? page : undefined })}
            />
          )}
        </div>
      </div>
      {isMobile && mobileFilterOpen && panel && (
        <Popup
          title={t('catalog.filter')}
          onClose={() => setMobileFilter(false)}
          className="popup__dialog--sheet"
        >
          {panel}
          <button type="button" className="button button--block" onClick={() => setMobileFilter(false)}>
            {t('catalog.show-products', { count: data?.total ?? 0 })}
          </button>
        </Popup>
      )}
    </section>
  )
}
