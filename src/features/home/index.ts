export { HomePage } from './home-page'
export { campaignInfoQuery, prefetchHomePage } from './queries'
export { homeSections } from './sections'
