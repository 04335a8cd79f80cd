export { PageView } from './page-view'
export { pageKeys, pageQuery } from './pages-api'
