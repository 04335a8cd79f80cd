import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../features/checkout'

export const Route = createFileRoute('/checkout')({ component: CheckoutPage })
