import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../features/account'
import { useAuthActions } from '../../features/auth'
import { OrderUpdatesOffer } from '../../features/order-updates'

export const Route = createFileRoute('/user/')({ component: AccountRoute })

function AccountRoute() {
  const { logOut } = useAuthActions()
  return <AccountPage onLogOut={() => void logOut()} updates={<OrderUpdatesOffer />} />
}
