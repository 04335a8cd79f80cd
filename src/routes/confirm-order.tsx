import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { ConfirmOrderPage } from '../features/orders'

export const Route = createFileRoute('/confirm-order')({
  validateSearch: z.object({ number: z._default(z.catch(z.string().check(z.maxLength(40)), ''), '') }),
  component: ConfirmOrderRoute,
})

function ConfirmOrderRoute() {
  const { number } = Route.useSearch()
  return <ConfirmOrderPage key={number} number={number} />
}
