import { createFileRoute } from '@tanstack/react-router'
import { SignInNeeded } from '../../features/account-pages'
import { MyReviewsPage } from '../../features/product'

export const Route = createFileRoute('/user/reviews')({
  component: () => <MyReviewsPage signIn={<SignInNeeded backPath="/user/reviews" what="your reviews" />} />,
})
