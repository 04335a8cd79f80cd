import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { API_V1 } from '../src/contract/common'
import { type Config, trustProxySetting } from './config'
import './messages/zod-english'
import { type Database, openDatabase } from './db/client'
import jobs from './jobs/index'
import marketing from './marketing/index'
import type { MediaStore } from './media/store'
import apiKey from './plugins/api-key'
import auth from './plugins/auth'
import changeFeed from './plugins/change-feed'
import context from './plugins/context'
import docs from './plugins/docs'
import errorHandler from './plugins/error-handler'
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors'
import landing from './plugins/landing'
import media from './plugins/media'
import securityHeaders from './plugins/security-headers'
import staffAuth from './plugins/staff-auth'
import staticSite from './plugins/static-site'
import push from './push/index'
import accountsRepository from './repositories/accounts'
import addressBookRepository from './repositories/address-book'
import adminCatalogueRepository from './repositories/admin-catalogue'
import adminCouponsRepository from './repositories/admin-coupons'
import adminCustomersRepository from './repositories/admin-customers'
import adminOrdersRepository from './repositories/admin-orders/index'
import adminProductsRepository from './repositories/admin-products'
import adminRefsRepository from './repositories/admin-refs'
import adminReportsRepository from './repositories/admin-reports'
import adminReviewsRepository from './repositories/admin-reviews'
import auditRepository from './repositories/audit'
import cartsRepository from './repositories/carts'
import cartsLeftRepository from './repositories/carts-left'
import catalogueRepository from './repositories/catalogue/index'
import catalogueImportRepository from './repositories/catalogue-import/index'
import codCashRepository from './repositories/cod-cash'
import contentRepository from './repositories/content'
import customerImportRepository from './repositories/customer-import'
import feedsRepository from './repositories/feeds/index'
import firstOwnerRepository from './repositories/first-owner'
import landingsRepository from './repositories/landings'
import optionLabelsRepository from './repositories/option-labels'
import orderTakingRepository from './repositories/order-taking'
import ordersRepository from './repositories/orders'
import otpsRepository from './repositories/otps'
import paymentsRepository from './repositories/payments'
import pricingRepository from './repositories/pricing'
import productEditorRepository from './repositories/product-editor'
import promotionsRepository from './repositories/promotions'
import pushSubscriptionsRepository from './repositories/push-subscriptions'
import reviewsRepository from './repositories/reviews'
import rewardPointsRepository from './repositories/reward-points'
import sessionsRepository from './repositories/sessions'
import settingsRepository from './repositories/settings'
import shipmentsRepository from './repositories/shipments/index'
import skusRepository from './repositories/skus'
import staffRepository from './repositories/staff'
import staffCredentialsRepository from './repositories/staff-credentials'
import staffSessionsRepository from './repositories/staff-sessions'
import stockAlertsRepository from './repositories/stock-alerts'
import uploadsRepository from './repositories/uploads'
import addressRoutes from './routes/addresses/index'
import adminRoutes from './routes/admin/index'
import authRoutes from './routes/auth/index'
import cartRoutes from './routes/cart/index'
import cartsLeftRoutes, { reminderLinkRoutes } from './routes/carts-left/index'
import configRoutes from './routes/config/index'
import courierRoutes from './routes/couriers/index'
import eventRoutes from './routes/events/index'
import feedsRoutes from './routes/feeds/index'
import healthRoutes from './routes/health/index'
import menuRoutes from './routes/menus/index'
import orderRoutes from './routes/orders/index'
import productRoutes from './routes/products/index'
import pushRoutes from './routes/push/index'
import reviewRoutes from './routes/reviews/index'
import seoRoutes from './routes/seo/index'
import { appPageStatus } from './routes/seo/page-status'
import shopRoutes from './routes/shop/index'
import stockAlertRoutes from './routes/stock-alerts/index'
import uploadRoutes from './routes/uploads/index'

export type BuildOptions = {
  /** an open database; when absent the app opens one from the config and closes it with the app */
  database?: Database
  logger?: FastifyServerOptions['logger']
  /** a media store to use; when absent the app opens the configured one and closes it with the app */
  media?: MediaStore
}

export type App = FastifyInstance

/** Builds the app: plugins, then repositories (decorators), then routes. Tests call this; main.ts listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const logger = options.logger ?? (config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL })
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // the longest path parameter a route's schema accepts (a product page's slug); longer answers 414
    routerOptions: { maxParamLength: 300 },
    // a request without Host is refused by the error handler's hook, in the error shape, not by node
    http: { requireHostHeader: false },
    frameworkErrors,
    clientErrorHandler,
    // on close, idle keep-alive connections end at once; requests still arriving on a busy one answer 503
    // in the error shape (routes/health), not in Fastify's own
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const database = options.database ?? (await openDatabase(config, { forRequests: true }))
  if (!options.database) app.addHook('onClose', () => database.close())

  await app.register(errorHandler)
  await app.register(context, { config, db: database.db, dbKind: database.kind })
  await app.register(jobs)
  await app.register(cookie)
  await app.register(securityHeaders)
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 })
  await app.register(docs)
  await app.register(apiKey)
  await app.register(auth)
  // the back office's sessions, CSRF and roles; before any route, so that every admin route is checked
  await app.register(staffAuth)

  // repositories: all SQL of an aggregate, used by the plugins' hooks and the routes
  await app.register(media, { store: options.media })
  await app.register(changeFeed, { announced: database.announced })
  await app.register(settingsRepository)
  await app.register(sessionsRepository)
  await app.register(accountsRepository)
  await app.register(otpsRepository)
  await app.register(catalogueRepository)
  await app.register(pricingRepository)
  await app.register(promotionsRepository)
  await app.register(cartsRepository)
  await app.register(ordersRepository)
  // the ad platforms' purchases, sent by the job queue
  await app.register(marketing)
  await app.register(paymentsRepository)
  await app.register(addressBookRepository)
  await app.register(reviewsRepository)
  await app.register(uploadsRepository)
  await app.register(contentRepository)
  await app.register(skusRepository)
  await app.register(stockAlertsRepository)
  await app.register(productEditorRepository)
  await app.register(adminCatalogueRepository)
  await app.register(adminProductsRepository)
  await app.register(adminCustomersRepository)
  await app.register(adminReviewsRepository)
  await app.register(adminCouponsRepository)
  await app.register(adminOrdersRepository)
  await app.register(shipmentsRepository)
  await app.register(auditRepository)
  await app.register(rewardPointsRepository)
  await app.register(codCashRepository)
  await app.register(landingsRepository)
  await app.register(adminReportsRepository)
  await app.register(orderTakingRepository)
  await app.register(adminRefsRepository)
  await app.register(optionLabelsRepository)
  await app.register(catalogueImportRepository)
  await app.register(customerImportRepository)
  await app.register(staffSessionsRepository)
  await app.register(staffRepository)
  await app.register(staffCredentialsRepository)
  await app.register(firstOwnerRepository)
  await app.register(feedsRepository)
  await app.register(pushSubscriptionsRepository)
  await app.register(cartsLeftRepository)
  await app.register(push)
  // the shopper's landing, kept in a cookie by every page the server answers (routes below, static files)
  await app.register(landing)

  await app.register(healthRoutes)
  await app.register(reminderLinkRoutes)

  await app.register(productRoutes, { prefix: API_V1 })
  await app.register(productRoutes, { prefix: '/api/v2' })
  for (const routes of [
    authRoutes,
    addressRoutes,
    reviewRoutes,
    stockAlertRoutes,
    cartRoutes,
    cartsLeftRoutes,
    orderRoutes,
    courierRoutes,
    uploadRoutes,
    adminRoutes,
    configRoutes,
    shopRoutes,
    eventRoutes,
    pushRoutes,
  ]) {
    await app.register(routes, { prefix: API_V1 })
  }
  await app.register(menuRoutes)
  await app.register(feedsRoutes)
  await app.register(seoRoutes)
  // an address that no page of the app has, or whose product, category, … a shopper cannot see, answers 404
  await app.register(staticSite, { pageStatus: (request) => appPageStatus(app, request.url) })
  return app
}
