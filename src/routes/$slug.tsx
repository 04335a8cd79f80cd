import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../app'
import { PageView, pageQuery } from '../features/pages'
import { t } from '../i18n'
import { ApiRequestError, isOfflineError } from '../lib/api'
import { OfflineState } from '../ui/offline-state'
import { SlowState } from '../ui/slow-state'

export const Route = createFileRoute('/$slug')({
  // not awaited: the shell and the page's outline paint at once, whatever the network does
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(pageQuery(params.slug))
  },
  component: PageRoute,
})

function PageRoute() {
  const { slug } = Route.useParams()
  const page = useQuery(pageQuery(slug))
  const { error } = page
  if (!page.data && error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) {
      return <NotFoundPage />
    }
    if (isOfflineError(error)) return <OfflineState />
    return <SlowState message={t('common.page-slow')} onRetry={() => void page.refetch()} />
  }
  return <PageView slug={slug} />
}
