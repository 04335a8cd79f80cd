import { createFileRoute } from '@tanstack/react-router'
import { OrderPage } from '../../../features/orders'

export const Route = createFileRoute('/user/order/$id')({ component: OrderRoute })

function OrderRoute() {
  const { id } = Route.useParams()
  const parsed = Number.parseInt(id, 10)
  return <OrderPage id={Number.isFinite(parsed) ? parsed : 0} />
}
