export { AdminArea } from './admin-area'
