import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { jobs, orders } from '../db/schema'
import { BROWSER_EVENT_DEDUP_MS, META_EVENT } from '../marketing/browser-events'
import { mergeDayChanges } from '../repositories/reports/closed-days'
import type { JobHandler } from './queue'

export const JOBS_CLEAN_UP = 'jobs-clean-up'

const DAY_MS = 86_400_000
/** done jobs are kept this long (what was sent to whom, and when, stays readable for a month) */
export const KEEP_DONE_DAYS = 30
/** failed jobs keep their last error longer: someone may still be looking into them */
export const KEEP_FAILED_DAYS = 90
/**
 * the address an order came from is kept for the limits on unpaid orders it counts towards (an unpaid order
 * expires within hours, an unconfirmed one is settled within days); after this long it is forgotten
 */
export const KEEP_CLIENT_ADDRESS_DAYS = 30
/** Asia/Dhaka is UTC+6 all year: 03:00 there is 21:00 UTC the day before, when a shop is quiet */
const RUN_AT_UTC_HOUR = 21

/** The next quiet hour after `now` (03:00 in Dhaka). */
export function nextCleanUpAt(now: Date): Date {
  const at = new Date(now)
  at.setUTCHours(RUN_AT_UTC_HOUR, 0, 0, 0)
  return at > now ? at : new Date(at.getTime() + DAY_MS)
}

/**
 * Queues the clean-up for the next quiet hour. Its key is that hour, so every instance and every start
 * queues the same one job, whichever comes first.
 */
export function queueJobsCleanUp(app: FastifyInstance, now: Date): Promise<void> {
  const runAt = nextCleanUpAt(now)
  return app.jobs.enqueue(JOBS_CLEAN_UP, {}, { runAt, key: `${JOBS_CLEAN_UP}:${runAt.toISOString()}` })
}

/**
 * Once a day: done jobs past KEEP_DONE_DAYS (a browser event's past its dedup window) and failed ones past KEEP_FAILED_DAYS go; orders placed more than
 * KEEP_CLIENT_ADDRESS_DAYS ago forget the network address they came from; the order changes (what
 * the shop's numbers check their kept days against) are merged into one row a day, whether or not anyone read
 * a report since; on PGlite the tables are vacuumed and analysed (PostgreSQL's autovacuum does that on its
 * own; PGlite has none): the room of changed rows is used again, the planner's statistics follow the shop's
 * growth, and the visibility map stays set, so that the back office's lists and numbers are read off their
 * indexes alone. Then the next day is queued.
 */
export function jobsCleanUpJob(app: FastifyInstance): JobHandler {
  return async () => {
    const now = app.clock.now()
    await app.db.delete(jobs).where(
      or(
        and(isNotNull(jobs.doneAt), lt(jobs.doneAt, new Date(now.getTime() - KEEP_DONE_DAYS * DAY_MS))),
        // a browser event's copy is kept only for the window its event ID deduplicates in
        and(
          eq(jobs.kind, META_EVENT),
          isNotNull(jobs.doneAt),
          lt(jobs.doneAt, new Date(now.getTime() - BROWSER_EVENT_DEDUP_MS)),
        ),
        and(isNotNull(jobs.failedAt), lt(jobs.failedAt, new Date(now.getTime() - KEEP_FAILED_DAYS * DAY_MS))),
      ),
    )
    await app.db
      .update(orders)
      .set({ clientAddress: null })
      .where(
        and(
          isNotNull(orders.clientAddress),
          lt(orders.createdAt, new Date(now.getTime() - KEEP_CLIENT_ADDRESS_DAYS * DAY_MS)),
        ),
      )
    await mergeDayChanges(app.db)
    if (app.dbKind === 'pglite') await app.db.execute(sql`vacuum analyze`)
    await queueJobsCleanUp(app, now)
  }
}
