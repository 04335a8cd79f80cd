import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../features/auth'

export const Route = createFileRoute('/user/')({ component: AccountPage })
