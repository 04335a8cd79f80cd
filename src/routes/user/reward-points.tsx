import { createFileRoute } from '@tanstack/react-router'
import { RewardPointsPage } from '../../features/account'

export const Route = createFileRoute('/user/reward-points')({ component: RewardPointsPage })
