import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../../app'
import { isOfflineError, OfflineState } from '../../features/offline'
import { ProductPage } from '../../features/product'
import { quickViewProductQuery } from '../../features/quick-view'
import { ApiRequestError } from '../../lib/api'

export const Route = createFileRoute('/product/$slug')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(quickViewProductQuery(params.slug))
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound()
      if (!isOfflineError(error)) throw error
    }
  },
  notFoundComponent: NotFoundPage,
  component: ProductRoute,
})

function ProductRoute() {
  const { slug } = Route.useParams()
  const product = useQuery(quickViewProductQuery(slug))
  if (product.data) return <ProductPage product={product.data} />
  if (product.isError) return <OfflineState />
  return <p aria-busy="true">Loading…</p>
}
