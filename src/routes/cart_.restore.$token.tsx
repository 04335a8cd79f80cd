import { createFileRoute } from '@tanstack/react-router'
import { RestoreCartPage } from '../features/cart-left'

export const Route = createFileRoute('/cart_/restore/$token')({ component: RestoreCartRoute })

function RestoreCartRoute() {
  const { token } = Route.useParams()
  return <RestoreCartPage key={token} token={token} />
}
