export { HomePage } from './home-page'
export { campaignInfoQuery, flattenMenu } from './queries'
