import { createFileRoute } from '@tanstack/react-router'
import { StopRemindersPage } from '../features/cart-left'

export const Route = createFileRoute('/reminders/stop/$token')({ component: StopRemindersRoute })

function StopRemindersRoute() {
  const { token } = Route.useParams()
  return <StopRemindersPage key={token} token={token} />
}
