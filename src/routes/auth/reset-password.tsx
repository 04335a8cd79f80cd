import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth'

export const Route = createFileRoute('/auth/reset-password')({ component: () => <AuthPage mode="reset" /> })
