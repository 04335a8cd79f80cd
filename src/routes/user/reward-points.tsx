import { createFileRoute } from '@tanstack/react-router'
import { RewardPointsPage } from '../../features/account-pages'

export const Route = createFileRoute('/user/reward-points')({ component: RewardPointsPage })
