import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
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
      <h1>{offline ? 'You are offline' : 'Something went wrong'}</h1>
      <p>
        {offline
          ? 'This page is not saved on your device yet. Check your connection and try again.'
          : 'We could not load this page. Please try again.'}
      </p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </section>
  )
}
