import type account from './messages/en/account.json'
import type admin from './messages/en/admin.json'
import type adminCatalogue from './messages/en/admin-catalogue.json'
import type adminContent from './messages/en/admin-content.json'
import type adminCoupons from './messages/en/admin-coupons.json'
import type adminCouriers from './messages/en/admin-couriers.json'
import type adminCustomers from './messages/en/admin-customers.json'
import type adminEditor from './messages/en/admin-editor.json'
import type adminFeeds from './messages/en/admin-feeds.json'
import type adminImport from './messages/en/admin-import.json'
import type adminOrders from './messages/en/admin-orders.json'
import type adminProducts from './messages/en/admin-products.json'
import type adminPromotions from './messages/en/admin-promotions.json'
import type adminReports from './messages/en/admin-reports.json'
import type adminReviews from './messages/en/admin-reviews.json'
import type adminSettings from './messages/en/admin-settings.json'
import type auth from './messages/en/auth.json'
import type cart from './messages/en/cart.json'
import type cartLeft from './messages/en/cart-left.json'
import type catalog from './messages/en/catalog.json'
import type checkout from './messages/en/checkout.json'
import type common from './messages/en/common.json'
import type footer from './messages/en/footer.json'
import type offline from './messages/en/offline.json'
import type orders from './messages/en/orders.json'
import type product from './messages/en/product.json'
import type shell from './messages/en/shell.json'
import type tracking from './messages/en/tracking.json'
import type userPoints from './messages/en/user-points.json'
import type waitlist from './messages/en/waitlist.json'

/** Every message key: the English catalogue's, one file per area of the shop. */
export type MessageKey =
  | keyof typeof account
  | keyof typeof admin
  | keyof typeof adminProducts
  | keyof typeof adminEditor
  | keyof typeof adminFeeds
  | keyof typeof adminCatalogue
  | keyof typeof adminContent
  | keyof typeof adminSettings
  | keyof typeof adminImport
  | keyof typeof adminCustomers
  | keyof typeof adminReviews
  | keyof typeof adminCoupons
  | keyof typeof adminPromotions
  | keyof typeof adminOrders
  | keyof typeof adminCouriers
  | keyof typeof adminReports
  | keyof typeof auth
  | keyof typeof cart
  | keyof typeof cartLeft
  | keyof typeof catalog
  | keyof typeof checkout
  | keyof typeof common
  | keyof typeof footer
  | keyof typeof offline
  | keyof typeof orders
  | keyof typeof product
  | keyof typeof shell
  | keyof typeof tracking
  | keyof typeof userPoints
  | keyof typeof waitlist
