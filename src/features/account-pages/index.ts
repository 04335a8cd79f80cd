// Public face of the account pages that are not the accounts feature's own.
export { AddressBookPage } from './address-book-page'
export { FaqPage } from './faq-page'
export { RewardPointsPage } from './reward-points-page'
export { SignInNeeded } from './sign-in-needed'
