import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { stopRemindersQuery } from './cart-left-api'
import '../../styles/commerce.css'

/** A reminder's stop link (/reminders/stop/<token>): the number is reminded no more, and the page says so. */
export function StopRemindersPage({ token }: { token: string }) {
  const stopped = useQuery(stopRemindersQuery(token))
  const gone = stopped.error instanceof ApiRequestError && stopped.error.status === 404
  return (
    <section className="commerce-page" aria-live="polite">
      <h1>{t('cart-left.stopped-title')}</h1>
      {stopped.isSuccess && <p>{t('cart-left.stopped')}</p>}
      {stopped.isPending && <p className="empty-note">{t('cart-left.stopping')}</p>}
      {stopped.isError && (
        <p className="empty-note">{gone ? t('cart-left.expired') : t('cart-left.failed')}</p>
      )}
      {stopped.isError && !gone ? (
        <button type="button" className="button" onClick={() => void stopped.refetch()}>
          {t('cart-left.try-again')}
        </button>
      ) : (
        <Link to="/" className="button">
          {t('cart-left.to-shop')}
        </Link>
      )}
    </section>
  )
}
