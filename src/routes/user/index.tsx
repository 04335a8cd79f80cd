import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { AccountPage } from '../../features/account'
import { useAuthActions } from '../../features/auth'

const OrderUpdatesOffer = lazy(() =>
  import('../../features/order-updates').then((feature) => ({ default: feature.OrderUpdatesOffer })),
)

export const Route = createFileRoute('/user/')({ component: AccountRoute })

function AccountRoute() {
  const { logOut } = useAuthActions()
  return (
    <AccountPage
      onLogOut={() => void logOut()}
      updates={
        <Suspense fallback={null}>
          <OrderUpdatesOffer />
        </Suspense>
      }
    />
  )
}
