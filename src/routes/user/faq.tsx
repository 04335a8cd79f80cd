import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '../../features/account'

export const Route = createFileRoute('/user/faq')({ component: FaqPage })
