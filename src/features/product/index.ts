// Public face of the product: its page (storefront §2 /product/:slug) and the quick view of `ui.quickView`.
export { QuickViewModal } from './lazy-quick-view'
export { ProductPage } from './product-page'
export { ProductPreview } from './product-preview'
export { removeServerOutline, serverOutline } from './server-outline'
