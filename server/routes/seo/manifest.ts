import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ShopSettings } from '../../../src/contract/settings'
import { shopNameIn } from '../../repositories/settings'

type Manifest = Record<string, unknown> & { screenshots?: Array<Record<string, unknown>> }
type FormFactor = 'narrow' | 'wide'

const screenshotLabel: Record<FormFactor, (name: string) => string> = {
  narrow: (name) => `${name} on a phone`,
  wide: (name) => `${name} on a computer`,
}

/**
 * The build's web app manifest (English, as its `lang` says) with the shop's own name: the install dialog,
 * the home screen's icon and the app switcher name the shop as its settings do, not the build.
 */
export function shopManifest(built: Manifest, settings: Pick<ShopSettings, 'name' | 'seo'>): Manifest {
  const name = shopNameIn(settings, 'en')
  return {
    ...built,
    name: settings.seo.title.en,
    short_name: name,
    description: settings.seo.description.en,
    ...(built.screenshots
      ? {
          screenshots: built.screenshots.map((shot) => {
            const label = screenshotLabel[shot.form_factor as FormFactor]
            return label ? { ...shot, label: label(name) } : shot
          }),
        }
      : {}),
  }
}

/**
 * GET /manifest.webmanifest: the built manifest (STATIC_DIR) named as the shop's settings name it, revalidated
 * on every load like index.html; the service worker asks the network for it first (sw/runtime-caches.ts), so a
 * renamed shop reaches an installed app at its next check.
 */
export function manifestRoute(app: FastifyInstance) {
  const path = resolve(app.config.STATIC_DIR, 'manifest.webmanifest')
  let cached: { mtimeMs: number; manifest: Manifest } | null = null

  async function built(): Promise<Manifest | null> {
    try {
      const info = await stat(path)
      if (!cached || cached.mtimeMs !== info.mtimeMs) {
        cached = { mtimeMs: info.mtimeMs, manifest: JSON.parse(await readFile(path, 'utf8')) as Manifest }
      }
      return cached.manifest
    } catch {
      return null
    }
  }

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const manifest = await built()
    if (!manifest) return reply.callNotFound()
    const { settings } = await app.settings.current()
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(shopManifest(manifest, settings)))
  })
}
