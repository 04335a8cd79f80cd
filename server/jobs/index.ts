import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jobs } from '../db/schema'
import { campaignPricesJob } from './campaign-prices'
import { JOBS_CLEAN_UP, jobsCleanUpJob, queueJobsCleanUp } from './clean-up'
import type { JobHandler, JobQueue } from './queue'

export type { JobContext, JobHandler, JobOptions, JobQueue } from './queue'

/** jobs taken in one claim; each runs before the next claim */
const BATCH = 10
/** claims in one runDue: a queue that keeps filling does not keep one call going for ever */
const MAX_BATCHES = 50
const BACKOFF_BASE_MS = 30_000
const BACKOFF_CAP_MS = 60 * 60_000
const ERROR_LENGTH = 300

/** How long a job waits after its `attempt`-th failure: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS)
}

/** The one line a failure leaves on its job: the error's message, never its stack or its cause. */
function shortError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return message.replace(/\s+/g, ' ').slice(0, ERROR_LENGTH)
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

export function createJobQueue(app: FastifyInstance): JobQueue {
  const handlers = new Map<string, JobHandler>()

  /**
   * Takes up to BATCH due jobs of the kinds this instance runs, for one lease. `skip locked` lets
   * instances claim side by side without waiting on each other, and the lease (not a transaction held
   * open while the job runs) is what keeps a job to one instance: one that dies leaves it to be taken
   * again when the lease is over. A kind this instance has no handler for is never taken here, so it
   * waits untouched for an instance that knows it.
   */
  async function claim(now: Date) {
    const due = app.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          inArray(jobs.kind, [...handlers.keys()]),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(BATCH)
      .for('update', { skipLocked: true })
    return app.db
      .update(jobs)
      .set({ lockedUntil: later(now, app.config.JOB_LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning()
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number]

  /** the job as claimed is still ours: another instance has not taken it since (our lease ran out) */
  const stillOurs = (job: Claimed) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts))

  async function run(job: Claimed): Promise<void> {
    const handler = handlers.get(job.kind)
    if (!handler) {
      // handlers are only added, so this is a kind that was claimed by mistake: give it back as it was
      await app.db
        .update(jobs)
        .set({ lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
        .where(stillOurs(job))
      return
    }
    try {
      await handler(job.payload as Record<string, unknown>, { id: job.id, attempt: job.attempts })
    } catch (error) {
      const lastError = shortError(error)
      app.log.warn({ kind: job.kind, id: job.id, attempt: job.attempts, error: lastError }, 'job failed')
      const now = app.clock.now()
      const spent = job.attempts >= job.maxAttempts
      await app.db
        .update(jobs)
        .set(
          spent
            ? { lockedUntil: null, failedAt: now, lastError }
            : { lockedUntil: null, runAt: later(now, retryDelayMs(job.attempts)), lastError },
        )
        .where(stillOurs(job))
      return
    }
    await app.db.update(jobs).set({ lockedUntil: null, doneAt: app.clock.now() }).where(stillOurs(job))
  }

  return {
    async enqueue(kind, payload, options = {}) {
      const insert = (options.tx ?? app.db).insert(jobs).values({
        kind,
        payload,
        key: options.key ?? null,
        runAt: options.runAt ?? app.clock.now(),
        maxAttempts: options.maxAttempts ?? 8,
        createdAt: app.clock.now(),
      })
      await (options.key ? insert.onConflictDoNothing({ target: jobs.key }) : insert)
    },

    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`Jobs of kind ${kind} already have a handler`)
      handlers.set(kind, handler)
    },

    async runDue() {
      if (handlers.size === 0) return 0
      let ran = 0
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const claimed = await claim(app.clock.now())
        for (const job of claimed) await run(job)
        ran += claimed.length
        if (claimed.length < BATCH) break
      }
      return ran
    },
  }
}

/**
 * Runs due jobs every JOB_POLL_MS once the app is ready: the next look is planned only when the
 * previous one is over, and the timer never holds the process open. Closing the app stops it and waits
 * for the jobs in hand, so none is cut off with the database closing under it.
 */
function startWorker(app: FastifyInstance, queue: JobQueue) {
  const pollMs = app.config.JOB_POLL_MS
  if (pollMs === 0) return
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false
  let failing = false

  async function tick() {
    try {
      await queue.runDue()
      if (failing) app.log.info('job queue is running again')
      failing = false
    } catch (error) {
      // one warning per outage (the database away), not one per poll
      if (!failing) app.log.warn({ error: shortError(error) }, 'job queue could not run')
      failing = true
    }
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined
        schedule()
      })
    }, pollMs)
    timer.unref()
  }

  app.addHook('onReady', async () => {
    // the daily clean-up keeps itself going; an instance that runs jobs makes sure one is queued
    await queueJobsCleanUp(app, app.clock.now()).catch((error: unknown) =>
      app.log.warn({ error: shortError(error) }, 'the jobs clean-up could not be queued'),
    )
    schedule()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
    await running
  })
}

/** `app.jobs`: the persistent job queue on the `jobs` table, and the worker that runs it. */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    const queue = createJobQueue(app)
    app.decorate('jobs', queue)
    // a campaign's start and end belong to no request: the queue itself keeps them
    queue.handle('campaign-prices', campaignPricesJob(app))
    queue.handle(JOBS_CLEAN_UP, jobsCleanUpJob(app))
    startWorker(app, queue)
  },
  { name: 'jobs', dependencies: ['context'] },
)
