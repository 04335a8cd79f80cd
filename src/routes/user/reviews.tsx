import { createFileRoute } from '@tanstack/react-router'
import { MyReviewsPage, SignInNeeded } from '../../features/account'
import { t } from '../../i18n'

export const Route = createFileRoute('/user/reviews')({
  component: () => (
    <MyReviewsPage signIn={<SignInNeeded backPath="/user/reviews" what={t('account.your-reviews')} />} />
  ),
})
