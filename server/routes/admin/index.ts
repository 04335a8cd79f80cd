import type { FastifyInstance } from 'fastify'
import accountRoutes from './account-routes'
import catalogueRoutes from './catalogue-routes'
import codRoutes from './cod-routes'
import contentRoutes from './content-routes'
import couponsRoutes from './coupons-routes'
import couriersRoutes from './couriers-routes'
import customerImportRoutes from './customer-import-routes'
import customersRoutes from './customers-routes'
import firstOwnerRoutes from './first-owner-routes'
import imageRoutes from './image-routes'
import importRoutes from './import-routes'
import optionLabelsRoutes from './option-labels-routes'
import orderTakingRoutes from './order-taking-routes'
import ordersRoutes from './orders-routes'
import productEditorRoutes from './product-editor-routes'
import productsRoutes from './products-routes'
import promotionsRoutes from './promotions-routes'
import refsRoutes from './refs-routes'
import reportsRoutes from './reports-routes'
import reviewsRoutes from './reviews-routes'
import settingsRoutes from './settings-routes'
import signInRoutes from './sign-in-routes'
import skuRoutes from './sku-routes'
import staffRoutes from './staff-routes'

/**
 * The back office's API under /api/v1/admin. Every route says whom it admits (`config.capability`), and
 * the staff-auth plugin enforces it before the body is read: a staff session (its own cookie), the shop's
 * Origin and the session's CSRF token on writes, the role's capability. `PATCH skus/:id` also answers ADMIN_TOKEN.
 */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(signInRoutes)
  await app.register(accountRoutes)
  await app.register(firstOwnerRoutes)
  await app.register(staffRoutes)
  await app.register(skuRoutes)
  await app.register(imageRoutes)
  await app.register(refsRoutes)
  await app.register(productsRoutes)
  await app.register(productEditorRoutes)
  await app.register(catalogueRoutes)
  await app.register(optionLabelsRoutes)
  await app.register(contentRoutes)
  await app.register(settingsRoutes)
  await app.register(importRoutes)
  await app.register(customersRoutes)
  await app.register(customerImportRoutes)
  await app.register(reviewsRoutes)
  await app.register(couponsRoutes)
  await app.register(promotionsRoutes)
  await app.register(ordersRoutes)
  await app.register(orderTakingRoutes)
  await app.register(codRoutes)
  await app.register(couriersRoutes)
  await app.register(reportsRoutes)
}
