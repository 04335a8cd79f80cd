import { createFileRoute } from '@tanstack/react-router'
import { MyReviewsPage, SignInNeeded } from '../../features/account'

export const Route = createFileRoute('/user/reviews')({
  component: () => <MyReviewsPage signIn={<SignInNeeded backPath="/user/reviews" what="your reviews" />} />,
})
