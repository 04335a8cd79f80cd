import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type AdminFeeds,
  type FeedBuild,
  type FeedPlatform,
  feedPlatforms,
} from '../../../src/contract/admin-feeds'
import { LANGUAGES, type Language } from '../../../src/contract/language'
import { localOrigin } from '../../config'
import { settings } from '../../db/schema'
import type { Actor } from '../audit'
import { writeFeed } from './feed-file'

/** A feed this server has (or will have) built. */
export type OpenFeed = { stream: Readable; bytes: number; builtAt: string }

export type FeedsRepository = {
  /**
   * The feed's gzip-compressed file as of now: built afresh first when the catalogue changed since (or it was
   * never built on this server), else the kept one. Null when it cannot be built (the failure is in `list`).
   */
  open(platform: FeedPlatform, language: Language): Promise<OpenFeed | null>
  /** whether `given` opens the feeds: anything when no token is set, else the token itself */
  admits(given: string | undefined): Promise<boolean>
  /** every feed's address and last build on this server */
  list(): Promise<AdminFeeds>
  /** builds every feed again now, one after another */
  rebuildAll(): Promise<AdminFeeds>
  /** a new token (the old one stops working) or none; audited, without the token itself */
  setToken(action: 'rotate' | 'remove', actor: Actor): Promise<AdminFeeds>
}

declare module 'fastify' {
  interface FastifyInstance {
    feeds: FeedsRepository
  }
}

const TOKEN_KEY = 'feeds'
/** After a catalogue change, the feeds built before are built again in the background this much later. */
const BACKGROUND_AFTER_MS = 10 * 60_000
/** Files of instances that stopped without removing theirs are removed after this long. */
const LEFT_BEHIND_MS = 7 * 24 * 3600_000

type Kept = {
  build: FeedBuild | null
  /** the catalogue's generation the file was built from; -1: none */
  generation: number
  running: Promise<void> | null
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * The product feeds (docs/feeds.md, docs/decisions/0031). Each instance builds its own files in
 * DATA_DIR/feeds (named for the instance, so instances sharing a folder never serve each other's), and
 * every catalogue change the change feed brings marks them stale: the next request is answered with the last
 * build and starts the next one, and feeds already built are rebuilt in the background a while after a change
 * anyway. Only a feed's very first request waits for its build. Builds run one at a time.
 */
export default fp(
  async function feedsRepository(app: FastifyInstance) {
    const folder = join(app.config.DATA_DIR, 'feeds')
    const me = randomUUID().slice(0, 8)
    await mkdir(folder, { recursive: true })
    await removeLeftBehind(folder)
    // never a request's Host; without PUBLIC_URL, this machine's address (a shop not yet on the web)
    const origin = app.config.PUBLIC_URL ?? localOrigin(app.config)
    const mediaRoot = app.config.MEDIA_PUBLIC_URL ?? `${origin}/media`
    const variants = feedPlatforms.flatMap((platform) =>
      LANGUAGES.map((language) => ({ platform, language, name: `${platform}-${language}` })),
    )
    const kept = new Map<string, Kept>(
      variants.map((variant) => [variant.name, { build: null, generation: -1, running: null }]),
    )
    const fileOf = (name: string) => join(folder, `${name}.${me}.xml.gz`)
    let generation = 0
    let queue: Promise<unknown> = Promise.resolve()
    let background: NodeJS.Timeout | undefined
    let closed = false

    let token: { value: string | null } | null = null
    app.changeFeed.subscribe((change) => {
      if (change.settings || change.all) token = null
      if (change.settings && !change.all && !change.products && !change.listings && !change.refs) return
      generation += 1
      if (!background && !closed) {
        background = setTimeout(() => {
          background = undefined
          for (const variant of variants) {
            const entry = kept.get(variant.name) as Kept
            if (entry.build && entry.generation !== generation) void build(variant.platform, variant.language)
          }
        }, BACKGROUND_AFTER_MS)
        background.unref()
      }
    })
    app.addHook('onClose', async () => {
      closed = true
      clearTimeout(background)
      await queue.catch(() => {})
      await Promise.all(variants.map((variant) => rm(fileOf(variant.name), { force: true })))
    })

    /** Builds one feed after any build under way; a build already asked for and not begun is shared. */
    function build(platform: FeedPlatform, language: Language): Promise<void> {
      const name = `${platform}-${language}`
      const entry = kept.get(name) as Kept
      if (entry.running) return entry.running
      const run = queue.then(async () => {
        const from = generation
        try {
          const channel = {
            title: await app.settings.shopName(language),
            link: origin,
            description: language === 'bn' ? 'পণ্যের তালিকা' : 'Product catalogue',
          }
          entry.build = await writeFeed(
            app.db,
            fileOf(name),
            { platform, language, origin, mediaRoot },
            channel,
            () => app.clock.now(),
          )
          entry.generation = from
        } catch (error) {
          app.log.error(error, `the ${name} product feed could not be built`)
          const failure = (error as Error).message || 'the feed could not be built'
          entry.build = entry.build
            ? { ...entry.build, failure }
            : {
                builtAt: app.clock.now().toISOString(),
                tookMs: 0,
                items: 0,
                bytes: 0,
                skipped: { 'no-image': 0, 'no-price': 0 },
                examples: [],
                failure,
              }
        } finally {
          entry.running = null
        }
      })
      entry.running = run
      queue = run
      return run
    }

    async function readToken(): Promise<string | null> {
      if (token) return token.value
      const [row] = await app.db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, TOKEN_KEY))
      const value = (row?.value as { token?: unknown } | undefined)?.token
      token = { value: typeof value === 'string' && value ? value : null }
      return token.value
    }

    async function list(): Promise<AdminFeeds> {
      const current = await readToken()
      const query = (language: Language) =>
        [language === 'bn' ? 'lang=bn' : '', current ? `token=${current}` : ''].filter(Boolean).join('&')
      return {
        tokenSet: current !== null,
        feeds: variants.map(({ platform, language, name }) => {
          const search = query(language)
          return {
            platform,
            language,
            address: `${origin}/feeds/${platform}.xml${search ? `?${search}` : ''}`,
            build: kept.get(name)?.build ?? null,
          }
        }),
      }
    }

    app.decorate('feeds', {
      async open(platform, language) {
        const name = `${platform}-${language}`
        const entry = kept.get(name) as Kept
        const file = fileOf(name)
        // the first answer waits for the first build; later ones are the last build's, and one that finds it
        // older than the catalogue starts the next (a platform's fetch never waits minutes for a big catalogue)
        if (entry.generation < 0) await build(platform, language)
        else if (entry.generation !== generation) void build(platform, language)
        // the file as it is now: a build that ends meanwhile puts a new one in its place, never into this one
        const handle = await open(file).catch(() => null)
        if (!handle) return null
        const built = await handle.stat()
        if (!entry.build || entry.generation < 0) {
          await handle.close()
          return null
        }
        return { stream: handle.createReadStream(), bytes: built.size, builtAt: entry.build.builtAt }
      },
      async admits(given) {
        const current = await readToken()
        if (current === null) return true
        if (!given) return false
        return timingSafeEqual(digest(given), digest(current))
      },
      list,
      async rebuildAll() {
        await Promise.all(variants.map((variant) => build(variant.platform, variant.language)))
        return list()
      },
      async setToken(action, actor) {
        const before = (await readToken()) !== null
        const value = action === 'rotate' ? randomBytes(24).toString('base64url') : null
        await app.db.transaction(async (tx) => {
          await tx
            .insert(settings)
            .values({ key: TOKEN_KEY, value: { token: value }, updatedBy: actor.staffId })
            .onConflictDoUpdate({
              target: settings.key,
              set: { value: { token: value }, updatedAt: app.clock.now(), updatedBy: actor.staffId },
            })
          await app.audit.record(
            actor,
            {
              action: action === 'rotate' ? 'feeds.token-rotate' : 'feeds.token-remove',
              objectType: 'settings',
              objectId: TOKEN_KEY,
              before: { tokenSet: before },
              after: { tokenSet: value !== null },
            },
            tx,
          )
        })
        token = { value }
        app.changeFeed.publish({ settings: true })
        return list()
      },
    } satisfies FeedsRepository)
  },
  { name: 'feeds-repository', dependencies: ['context', 'change-feed', 'settings-repository'] },
)

/** Removes feed files no instance has written for a week (instances that stopped without removing theirs). */
async function removeLeftBehind(folder: string) {
  const names = await readdir(folder).catch(() => [] as string[])
  const now = Date.now()
  for (const name of names) {
    const path = join(folder, name)
    const info = await stat(path).catch(() => null)
    if (info && now - info.mtimeMs > LEFT_BEHIND_MS) await rm(path, { force: true })
  }
}
