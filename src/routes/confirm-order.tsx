import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { z } from 'zod/mini'
import { ConfirmOrderPage } from '../features/orders'

// loaded only once an order is shown: never part of a first visit
const OrderUpdatesOffer = lazy(() =>
  import('../features/order-updates').then((feature) => ({ default: feature.OrderUpdatesOffer })),
)

export const Route = createFileRoute('/confirm-order')({
  validateSearch: z.object({
    number: z._default(z.catch(z.string().check(z.maxLength(40)), ''), ''),
    /** what the payment page's return said (the server's word on the order decides what is shown) */
    payment: z.optional(z.catch(z.enum(['paid', 'pending', 'failed', 'cancelled', 'unknown']), 'unknown')),
  }),
  component: ConfirmOrderRoute,
})

function ConfirmOrderRoute() {
  const { number, payment } = Route.useSearch()
  return (
    <ConfirmOrderPage
      key={number}
      number={number}
      payment={payment}
      // a signed-in shopper's browser follows all their orders; a guest's, this one (the server decides)
      updates={(order) => (
        <Suspense fallback={null}>
          <OrderUpdatesOffer guestOrder={{ number: order.number, phone: order.phone }} />
        </Suspense>
      )}
    />
  )
}
