import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useLayoutEffect, useMemo } from 'react'
import { NotFoundPage } from '../../app'
import { ProductPage, ProductPreview, removeServerOutline, serverOutline } from '../../features/product'
import { t } from '../../i18n'
import { ApiRequestError, isOfflineError } from '../../lib/api'
import { cachedSummaryBySlug } from '../../lib/cached-products'
import { productQuery } from '../../state/products'
import { OfflineState } from '../../ui/offline-state'

export const Route = createFileRoute('/product/$slug')({
  // not awaited: the shell and the page's outline paint at once, whatever the network does
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(productQuery(params.slug))
  },
  notFoundComponent: NotFoundPage,
  component: ProductRoute,
})

function ProductRoute() {
  const { slug } = Route.useParams()
  const queryClient = useQueryClient()
  const product = useQuery(productQuery(slug))
  const card = useMemo(() => cachedSummaryBySlug(queryClient, slug), [queryClient, slug])
  useLayoutEffect(removeServerOutline, [])
  if (product.data) return <ProductPage product={product.data} />
  const { error } = product
  if (error instanceof ApiRequestError && error.status === 404) return <NotFoundPage />
  const offline = isOfflineError(error)
  if (offline && !card) return <OfflineState subject={t('common.this-product')} />
  const state = offline ? 'offline' : product.isError ? 'slow' : 'loading'
  // on the page the server drew, its outline (in the page's language, in place) rather than a card from elsewhere
  const outline = serverOutline(slug)
  return (
    <ProductPreview
      card={outline ? undefined : card}
      outline={outline}
      state={state}
      onRetry={() => void product.refetch()}
    />
  )
}
