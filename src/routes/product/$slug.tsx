import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../../app'
import { ProductPage } from '../../features/product'
import { ApiRequestError, isOfflineError } from '../../lib/api'
import { productQuery } from '../../state/products'
import { OfflineState } from '../../ui/offline-state'

export const Route = createFileRoute('/product/$slug')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(productQuery(params.slug))
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
  const product = useQuery(productQuery(slug))
  if (product.data) return <ProductPage product={product.data} />
  if (product.isError) return <OfflineState />
  return <p aria-busy="true">Loading…</p>
}
