import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ConfirmOrderPage } from '../features/orders'

export const Route = createFileRoute('/confirm-order')({
  validateSearch: z.object({ number: z.string().max(40).catch('').default('') }),
  component: ConfirmOrderRoute,
})

function ConfirmOrderRoute() {
  const { number } = Route.useSearch()
  return <ConfirmOrderPage key={number} number={number} />
}
