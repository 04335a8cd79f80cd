import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { t } from '../i18n'
import { ApiRequestError, isOfflineError } from '../lib/api'
import { OfflineState } from '../ui/offline-state'

export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = error instanceof ApiRequestError && error.offline
  const retry = () => {
    reset()
    void router.invalidate()
  }
  if (isOfflineError(error)) return <OfflineState />
  return (
    <section className="status-page" role="alert">
      <h1>{offline ? t('shell.offline-title') : t('shell.error-title')}</h1>
      <p>{offline ? t('shell.offline-text') : t('shell.error-text')}</p>
      <button type="button" className="button" onClick={retry}>
        {t('shell.try-again')}
      </button>
    </section>
  )
}
