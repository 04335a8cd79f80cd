export { isExternalHref, menuHref } from './menu-href'
export { menuKeys, menuQuery, storage } from './queries'
