export { AppShell } from './app-shell'
export { ErrorView } from './error-view'
export { splitFooterMenu } from './footer-columns'
export { NotFoundPage } from './not-found'
