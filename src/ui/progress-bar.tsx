import { useRouterState } from '@tanstack/react-router'
import { t } from '../i18n'

/** storefront §2: a progress bar runs on every navigation. */
export function ProgressBar() {
  const busy = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading })
  return (
    <div
      className={`progress-bar${busy ? ' progress-bar--busy' : ''}`}
      role="progressbar"
      aria-label={t('offline.page-loading')}
      aria-hidden={!busy}
      aria-busy={busy}
    />
  )
}
