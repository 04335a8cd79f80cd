import { useId } from 'react'
import { figure, t } from '../i18n'

/**
 * Previous and next under a back-office list read page by page on the server: `last` when there is no next
 * page (the answer's `hasNext` false, or the list's depth reached).
 */
export function AdminPaging({
  page,
  last,
  onPage,
}: {
  page: number
  last: boolean
  onPage: (page: number) => void
}) {
  const id = useId()
  return (
    <nav className="admin-paging" aria-labelledby={id}>
      <p id={id}>{t('admin.page', { page: figure(page) })}</p>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.previous-page')}
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={last}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.next-page')}
      </button>
    </nav>
  )
}
