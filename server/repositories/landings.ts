import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { dhakaDay } from '../../src/lib/dhaka-time'
import { queryRows } from '../db/client'
import { landingCounts } from '../db/schema'
import type { Channel } from '../domain/attribution'

/** The landings of some days, summed by channel, medium and campaign (those without are ''). */
export type LandingCount = { channel: string; medium: string; campaign: string; landings: number }

/**
 * Landings counted by day and channel for the reports' conversion (orders ÷ landings). A landing is counted in
 * memory and written with the others every few seconds (and when the app closes): a shopper's first page costs
 * no write of its own.
 */
export type LandingsRepository = {
  /** one more landing of this channel today (Asia/Dhaka) */
  count(channel: Channel): void
  /** writes what was counted since the last write */
  flush(): Promise<void>
  /** the landings of the days from `from` to `to` (both counted) */
  between(from: string, to: string): Promise<LandingCount[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    landings: LandingsRepository
  }
}

/** how often the counts are written */
const FLUSH_MS = 10_000
/**
 * the most channel × medium × campaign keys this instance adds in a day: beyond them a landing is counted under
 * its channel with medium and campaign `(other)`, so made-up campaign tags cannot grow the table without end
 */
const KEYS_A_DAY = 500
export const OTHER = '(other)'

export function createLandingsRepository(app: FastifyInstance): LandingsRepository {
  let pending = new Map<
    string,
    { day: string; channel: string; medium: string; campaign: string; n: number }
  >()
  let keysOf = { day: '', keys: new Set<string>(), channels: new Set<string>() }
  let writing: Promise<void> = Promise.resolve()

  async function write(batch: typeof pending) {
    const rows = [...batch.values()]
    if (rows.length === 0) return
    await app.db
      .insert(landingCounts)
      .values(
        rows.map(({ day, channel, medium, campaign, n }) => ({
          day,
          channel,
          medium,
          campaign,
          landings: n,
        })),
      )
      .onConflictDoUpdate({
        target: [landingCounts.day, landingCounts.channel, landingCounts.medium, landingCounts.campaign],
        set: { landings: sql`${landingCounts.landings} + excluded.landings` },
      })
  }

  const flush = () => {
    const batch = pending
    pending = new Map()
    writing = writing.then(() =>
      write(batch).catch((error: unknown) => app.log.warn({ err: error }, 'landing counts not written')),
    )
    return writing
  }

  const timer = setInterval(() => void flush(), FLUSH_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await flush()
  })

  return {
    count(channel) {
      const day = dhakaDay(app.clock.now())
      if (keysOf.day !== day) keysOf = { day, keys: new Set(), channels: new Set() }
      let counted = {
        channel: channel.channel,
        medium: channel.medium ?? '',
        campaign: channel.campaign ?? '',
      }
      let key = JSON.stringify(Object.values(counted))
      if (!keysOf.keys.has(key)) {
        if (keysOf.keys.size >= KEYS_A_DAY) {
          const known = keysOf.channels.has(counted.channel)
          counted = { channel: known ? counted.channel : OTHER, medium: OTHER, campaign: OTHER }
          key = JSON.stringify(Object.values(counted))
        }
        keysOf.keys.add(key)
        keysOf.channels.add(counted.channel)
      }
      const dayKey = `${day} ${key}`
      const entry = pending.get(dayKey)
      if (entry) entry.n += 1
      else pending.set(dayKey, { day, ...counted, n: 1 })
    },
    flush,
    async between(from, to) {
      const found = await queryRows<LandingCount & { landings: number | string }>(
        app.db,
        sql`select channel, medium, campaign, sum(landings)::int as landings from landing_counts
          where day >= ${from}::date and day <= ${to}::date
          group by channel, medium, campaign`,
      )
      return found.map((row) => ({ ...row, landings: Number(row.landings) }))
    },
  }
}

export default fp(
  async function landingsRepository(app: FastifyInstance) {
    app.decorate('landings', createLandingsRepository(app))
  },
  { name: 'landings-repository', dependencies: ['context'] },
)
