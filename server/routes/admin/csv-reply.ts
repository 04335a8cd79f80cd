import type { FastifyReply } from 'fastify'
import { z } from 'zod/mini'
import { type CsvRow, csvStream } from '../../domain/csv'

/** A CSV answer's schema: written as it streams, never whole in memory. */
export const csvText = z.string()

/** Sends an export as a CSV download, written a row at a time through the one CSV writer (server/domain/csv). */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(rows) as unknown as string)
}

/**
 * The rows as they go out, with how many were sent once they stop (all written, or the download abandoned):
 * what an export's audit entry records. The header is not counted.
 */
export async function* counted(
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  stopped: (sent: number, complete: boolean) => Promise<void>,
): AsyncGenerator<CsvRow> {
  let sent = -1
  let complete = false
  try {
    for await (const row of rows) {
      yield row
      sent += 1
    }
    complete = true
  } finally {
    await stopped(Math.max(0, sent), complete)
  }
}
