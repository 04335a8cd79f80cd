// Public face of the shopper's account pages: account home, addresses, reward points, FAQ, reviews.
export { AccountPage } from './account-page'
export { AddressBookPage } from './address-book-page'
export { FaqPage } from './faq-page'
export { MyReviewsPage } from './my-reviews-page'
export { RewardPointsPage } from './reward-points-page'
export { SignInNeeded } from './sign-in-needed'
