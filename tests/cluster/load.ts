import { setTimeout as sleep } from 'node:timers/promises'
import { API_KEY, INSTANCE_HEADER } from './client'

/** How many times each value occurs: `{ "200": 548, "503": 2 }`. */
export function tally(values: unknown[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1
  return counts
}

export type LoadResult = {
  /** when it was sent, in ms from the start of the load */
  at: number
  path: string
  status: number | null
  instance: string | null
  ms: number
  error?: string
}

/**
 * GET requests at a steady rate, each sent on time whether or not the ones before it were answered (an open
 * load: a slow answer does not slow the shoppers behind it), cycling through `paths`.
 */
export function steadyLoad(base: string, paths: string[], perSecond: number) {
  const results: LoadResult[] = []
  const marks: { at: number; label: string }[] = []
  const inFlight = new Set<Promise<void>>()
  const started = performance.now()
  let stoppedAt: number | undefined
  let sent = 0

  async function one(path: string) {
    const at = Math.round(performance.now() - started)
    try {
      const response = await fetch(`${base}${path}`, {
        headers: { 'x-api-key': API_KEY },
        signal: AbortSignal.timeout(15_000),
      })
      await response.arrayBuffer()
      const instance = response.headers.get(INSTANCE_HEADER)
      results.push({
        at,
        path,
        status: response.status,
        instance,
        ms: Math.round(performance.now() - started - at),
      })
    } catch (error) {
      const reason = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message
      results.push({
        at,
        path,
        status: null,
        instance: null,
        ms: Math.round(performance.now() - started - at),
        error: reason,
      })
    }
  }

  const sending = (async () => {
    while (stoppedAt === undefined) {
      const wait = started + (sent * 1000) / perSecond - performance.now()
      if (wait > 0) await sleep(wait)
      if (stoppedAt !== undefined) break
      const request = one(paths[sent % paths.length] as string)
      sent += 1
      inFlight.add(request)
      void request.finally(() => inFlight.delete(request))
    }
  })()

  return {
    /** notes an event (an instance stopping…) in the summary's timeline */
    mark(label: string) {
      marks.push({ at: Math.round(performance.now() - started), label })
    },
    /** stops sending and resolves once every request sent has its answer */
    async stop(): Promise<LoadResult[]> {
      stoppedAt = performance.now()
      await sending
      await Promise.all(inFlight)
      return results.sort((x, y) => x.at - y.at)
    },
    seconds: () => ((stoppedAt ?? performance.now()) - started) / 1000,
    summary(): string {
      const slowest = Math.max(0, ...results.map((r) => r.ms))
      return [
        `${results.length} requests in ${this.seconds().toFixed(1)} s; statuses ${JSON.stringify(tally(results.map((r) => r.status ?? r.error)))}; by instance ${JSON.stringify(tally(results.map((r) => r.instance)))}; slowest ${slowest} ms`,
        `timeline: ${marks.map((m) => `${m.at} ms ${m.label}`).join(', ')}`,
      ].join('\n')
    },
  }
}
