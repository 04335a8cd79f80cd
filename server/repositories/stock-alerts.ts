import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { WaitingSku } from '../../src/contract/admin-stock-alerts'
import type { Language } from '../../src/contract/language'
import { optionLabels, products, skus, stockAlerts } from '../db/schema'
import { DomainError, invalid, notFound } from '../domain/errors'
import { banglaOption, labelBook } from '../domain/option-labels'
import { STOCK_ALERT, stockAlertJob } from '../jobs/stock-alerts'

/** the open requests one number may have at once: a stranger cannot sign someone's phone up for the catalogue */
export const MAX_OPEN_PER_NUMBER = 5

export type StockAlertRequest = { skuId: number; phone: string; language: Language; userId: number | null }

/** What a waiting shopper is told, read when their turn comes (the job), in their language. */
export type AlertToTell = {
  id: number
  phone: string
  /** the shopper who asked signed in, whose browsers may have allowed notifications */
  userId: number | null
  language: Language
  shop: string
  product: string
  slug: string
  sku: string
  /** size and colour in the shopper's language, '' for neither */
  option: string
}

/** Shoppers waiting for sold-out skus: their requests, the demand the shop sees, and each one's turn. */
export type StockAlertsRepository = {
  /**
   * Keeps a request to be told when a sold-out sku is back. A repeat of an open request (same sku and number)
   * adds nothing; a sku in stock, an unknown sku, or a number already waiting for MAX_OPEN_PER_NUMBER skus is
   * refused.
   */
  request(input: StockAlertRequest): Promise<void>
  /** the skus shoppers wait for, the most wanted first (one product's alone with `productId`) */
  waiting(productId?: number): Promise<WaitingSku[]>
  /** the alert as its text names it, or null when it is gone (its sku deleted) */
  toTell(id: number): Promise<AlertToTell | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    stockAlerts: StockAlertsRepository
  }
}

/** the report's most wanted skus, at most (a product's own are far fewer) */
export const WAITING_REPORT_ROWS = 500

const open = and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.cancelledAt))

export function createStockAlertsRepository(app: FastifyInstance): StockAlertsRepository {
  return {
    async request({ skuId, phone, language, userId }) {
      await app.db.transaction(async (tx) => {
        const [sku] = await tx
          .select({ stock: skus.stockQuantity })
          .from(skus)
          .innerJoin(products, eq(products.id, skus.productId))
          .where(and(eq(skus.id, skuId), eq(products.status, 'active')))
        if (!sku) throw notFound('sku', 'This size or colour is not sold here')
        if (sku.stock > 0) throw invalid('sku', 'This size or colour is in stock: add it to your cart')
        const waiting = await tx
          .select({ skuId: stockAlerts.skuId })
          .from(stockAlerts)
          .where(and(eq(stockAlerts.phone, phone), open))
        if (waiting.some((row) => row.skuId === skuId)) return
        if (waiting.length >= MAX_OPEN_PER_NUMBER) {
          throw new DomainError('refused', {
            phone: [
              `This number is already waiting for ${MAX_OPEN_PER_NUMBER} items. You will be told when they are back`,
            ],
          })
        }
        await tx
          .insert(stockAlerts)
          .values({ skuId, phone, language, userId, requestedAt: app.clock.now() })
          // a parallel repeat: the partial unique index keeps one open request
          .onConflictDoNothing()
      })
    },

    async waiting(productId) {
      const rows = await app.db
        .select({
          skuId: skus.id,
          sku: skus.sku,
          productId: products.id,
          productName: products.name,
          size: skus.size,
          colour: skus.colour,
          stockQuantity: skus.stockQuantity,
          waiting: count(),
          oldestRequest: sql<Date | string>`min(${stockAlerts.requestedAt})`,
        })
        .from(stockAlerts)
        .innerJoin(skus, eq(skus.id, stockAlerts.skuId))
        .innerJoin(products, eq(products.id, skus.productId))
        .where(productId === undefined ? open : and(open, eq(products.id, productId)))
        .groupBy(skus.id, products.id)
        .orderBy(sql`count(*) desc`, sql`min(${stockAlerts.requestedAt})`, skus.id)
        .limit(WAITING_REPORT_ROWS)
      return rows.map((row) => ({
        ...row,
        size: row.size || null,
        colour: row.colour || null,
        waiting: Number(row.waiting),
        oldestRequest: new Date(row.oldestRequest).toISOString(),
      }))
    },

    async toTell(id) {
      const [row] = await app.db
        .select({
          id: stockAlerts.id,
          phone: stockAlerts.phone,
          userId: stockAlerts.userId,
          language: stockAlerts.language,
          name: products.name,
          nameBn: products.nameBn,
          slug: products.slug,
          sku: skus.sku,
          size: skus.size,
          colour: skus.colour,
        })
        .from(stockAlerts)
        .innerJoin(skus, eq(skus.id, stockAlerts.skuId))
        .innerJoin(products, eq(products.id, skus.productId))
        .where(eq(stockAlerts.id, id))
      if (!row) return null
      const bangla = row.language === 'bn'
      const book = bangla ? labelBook(await app.db.select().from(optionLabels)) : null
      const options = [
        row.size && (book ? banglaOption(book, 'size', row.size) : row.size),
        row.colour && (book ? banglaOption(book, 'colour', row.colour) : row.colour),
      ].filter((value): value is string => Boolean(value))
      return {
        id: row.id,
        phone: row.phone,
        userId: row.userId,
        language: row.language,
        shop: await app.settings.shopName(row.language),
        product: (bangla && row.nameBn) || row.name,
        slug: row.slug,
        sku: row.sku,
        option: options.join(', '),
      }
    },
  }
}

export default fp(
  async function stockAlertsRepository(app: FastifyInstance) {
    app.decorate('stockAlerts', createStockAlertsRepository(app))
    // the restock trigger (migration 0041) queues one job per shopper to tell
    app.jobs.handle(STOCK_ALERT, stockAlertJob(app))
  },
  { name: 'stock-alerts-repository', dependencies: ['context', 'jobs', 'sms'] },
)
