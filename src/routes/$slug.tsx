import { createFileRoute, notFound } from '@tanstack/react-router'
import { PageView, pageQuery } from '../features/pages'
import { ApiRequestError } from '../lib/api'

export const Route = createFileRoute('/$slug')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(pageQuery(params.slug))
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) throw notFound()
      throw error
    }
  },
  component: PageRoute,
})

function PageRoute() {
  const { slug } = Route.useParams()
  return <PageView slug={slug} />
}
