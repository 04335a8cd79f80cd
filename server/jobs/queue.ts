import type { Tx } from '../db/client'

/**
 * The job queue's interface (implementation: ./index.ts, on the `jobs` table of PostgreSQL or PGlite).
 * Side effects that must happen once and survive a restart go through it: text messages, an unpaid
 * order's expiry, a campaign's start and end.
 */
export type JobOptions = {
  /** not before then (default: now, by the app's clock) */
  runAt?: Date
  /** a job with this key already queued (run or not) makes this call add nothing */
  key?: string
  /** tries before it is kept as failed (default 8) */
  maxAttempts?: number
  /** queued in this transaction: it exists only if the transaction commits */
  tx?: Tx
}

export type JobContext = { id: number; attempt: number }
/** Runs one job; throwing makes the queue try it again later (with a growing delay) */
export type JobHandler = (payload: Record<string, unknown>, job: JobContext) => Promise<void>

export type JobQueue = {
  enqueue(kind: string, payload: Record<string, unknown>, options?: JobOptions): Promise<void>
  /** what runs jobs of this kind (one handler per kind, registered by the plugin that owns the kind) */
  handle(kind: string, handler: JobHandler): void
  /** takes and runs every job due by the app's clock now; answers how many ran (tests call it directly) */
  runDue(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
  }
}
