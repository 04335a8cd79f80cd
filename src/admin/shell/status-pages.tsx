import { Link } from '@tanstack/react-router'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { adminLink } from '../links'

/** A page this person's role may not open (or the server said 403). */
export function NotAllowed() {
  return (
    <div className="admin-page admin-notice">
      <h1>{t('admin.not-allowed-title')}</h1>
      <p>{t('admin.not-allowed-text')}</p>
      <Link {...adminLink('')} className="button">
        {t('admin.to-dashboard')}
      </Link>
    </div>
  )
}

export function UnknownPage() {
  return (
    <div className="admin-page admin-notice">
      <h1>{t('admin.not-found-title')}</h1>
      <p>{t('admin.not-found-text')}</p>
      <Link {...adminLink('')} className="button">
        {t('admin.to-dashboard')}
      </Link>
    </div>
  )
}

/** A read that failed: "not allowed" for a 403, otherwise what happened and a way to try again. */
export function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 403) return <NotAllowed />
  return (
    <div className="admin-notice" role="alert">
      <p>
        {error instanceof ApiRequestError && error.status === 0
          ? t('admin.unreachable')
          : error instanceof Error
            ? error.message
            : t('common.failed')}
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('admin.try-again')}
      </button>
    </div>
  )
}

/** While a page's data is on its way. */
export function Loading() {
  return (
    <p className="admin-loading" role="status">
      {t('admin.loading')}
    </p>
  )
}
