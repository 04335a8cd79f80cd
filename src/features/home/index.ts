export { prefetchHomePage } from './home-api'
export { HomePage } from './home-page'
export { homeSections } from './sections'
