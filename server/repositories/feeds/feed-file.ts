import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { FeedBuild, FeedSkipped, FeedSkipReason } from '../../../src/contract/admin-feeds'
import type { Db } from '../../db/client'
import { type FeedContext, feedItem, feedProductPart } from './feed-items'
import { feedBatches, feedRefs } from './feed-rows'
import { FEED_TAIL, feedHead, itemXml } from './feed-xml'

/** Characters of XML handed to the compressor at a time: short-lived strings stay small. */
const CHUNK = 64 * 1024
/** How many skipped skus a build names (the counts cover them all). */
const EXAMPLES = 20

export type FeedChannel = { title: string; link: string; description: string }

/**
 * Writes one feed to `path`, gzip-compressed, as it reads the catalogue: one batch of products at a time,
 * waiting whenever the compressor is behind, so memory stays flat whatever the catalogue's size. The file
 * appears whole or not at all (written aside, then renamed over the previous one).
 */
export async function writeFeed(
  db: Db,
  path: string,
  context: Omit<FeedContext, 'refs'>,
  channel: FeedChannel,
  clock: () => Date,
): Promise<FeedBuild> {
  const started = Date.now()
  const refs = await feedRefs(db)
  const full: FeedContext = { ...context, refs }
  const skipped: Record<FeedSkipReason, number> = { 'no-image': 0, 'no-price': 0 }
  const examples: FeedSkipped[] = []
  let items = 0
  const aside = `${path}.${process.pid}.${started}.part`
  const gzip = createGzip({ level: 6 })
  const written = pipeline(gzip, createWriteStream(aside))
  // a failed write ends the pipeline; a catalogue read that fails ends it below
  written.catch(() => {})
  const write = async (text: string) => {
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written])
  }
  try {
    await write(feedHead(channel))
    for await (const batch of feedBatches(db)) {
      let chunk = ''
      for (const product of batch.products) {
        const part = feedProductPart(product, full)
        for (const sku of batch.skus.get(product.id) ?? []) {
          const made = feedItem(part, sku, full)
          if ('item' in made) {
            chunk += itemXml(made.item)
            items += 1
            if (chunk.length >= CHUNK) {
              await write(chunk)
              chunk = ''
            }
          } else {
            skipped[made.skipped] += 1
            if (examples.length < EXAMPLES)
              examples.push({ sku: sku.sku, product: product.name, reason: made.skipped })
          }
        }
      }
      await write(chunk)
    }
    gzip.end(FEED_TAIL)
    await written
    await rename(aside, path)
  } catch (error) {
    gzip.destroy()
    await written.catch(() => {})
    await rm(aside, { force: true })
    throw error
  }
  const { size } = await stat(path)
  return {
    builtAt: clock().toISOString(),
    tookMs: Date.now() - started,
    items,
    bytes: size,
    skipped,
    examples,
    failure: null,
  }
}
