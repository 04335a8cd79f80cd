import { figure, t } from '../../i18n'
import { pagerPages } from './listing-search'

type PaginationProps = { current: number; last: number; onPage: (page: number) => void }

export function Pagination({ current, last, onPage }: PaginationProps) {
  if (last <= 1) return null
  return (
    <nav className="pagination" aria-label={t('catalog.pages')}>
      <button
        type="button"
        className="pagination__step"
        disabled={current <= 1}
        onClick={() => onPage(current - 1)}
      >
        {t('catalog.previous')}
      </button>
      <ul>
        {pagerPages(current, last).map((page, index) =>
          page === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <button
                type="button"
                aria-label={t('catalog.page', { page: figure(page) })}
                aria-current={page === current ? 'page' : undefined}
                onClick={() => onPage(page)}
              >
                {figure(page)}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__step"
        disabled={current >= last}
        onClick={() => onPage(current + 1)}
      >
        {t('catalog.next')}
      </button>
    </nav>
  )
}
