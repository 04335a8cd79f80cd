import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { API_V1 } from '../../src/contract/common'
import type { Config } from '../config'
import { type TagSources, tagSources } from '../marketing/csp'
import { isServerPath } from './static-site'

/** Written by the build next to index.html (vite.config.ts): `{ "scriptSrc": ["'sha256-…'", …] }`. */
export const INLINE_SCRIPT_HASHES = 'inline-script-hashes.json'

const hashSource = /^'sha256-[A-Za-z0-9+/]{43}='$/

/**
 * The CSP sources of an HTML document's inline scripts, hashed as the browser hashes them: the text
 * between the tags (the parser turns CR LF into LF). Scripts with a src, and data blocks such as
 * JSON-LD, are not run as inline code and need no hash.
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = []
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && type !== 'module' && !/^(text|application)\/javascript$/.test(type)) continue
    const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')
    sources.push(`'sha256-${digest}'`)
  }
  return [...new Set(sources)]
}

/**
 * What the lazily loaded Firebase sign-in needs (@firebase/auth 1.x, signInWithPopup): Google's api.js
 * (gapi, which then opens the auth domain's helper iframe) and the Identity Toolkit and Secure Token
 * REST APIs. The Google and Facebook pages themselves open in a popup, which this policy does not cover.
 * In tests and demos the emulator serves the iframe and the REST APIs instead.
 */
function firebaseSources(config: Config) {
  const authDomain = config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST
  for (const host of emulator ? [authDomain, emulator] : [authDomain]) {
    if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host)) {
      throw new Error(
        `Invalid configuration: ${host} is not a host:port for the page's Content-Security-Policy`,
      )
    }
  }
  const emulatorOrigin = emulator ? [`http://${emulator}`] : []
  return {
    script: ['https://apis.google.com'],
    frame: [`https://${authDomain}`, ...emulatorOrigin],
    connect: [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      ...emulatorOrigin,
    ],
  }
}

/** The headers of the app's HTML pages, given the sha256 sources of the page's inline scripts. */
function pageHeaders(
  firebase: ReturnType<typeof firebaseSources>,
  scriptHashes: string[],
  mediaOrigin: string[],
  tags: TagSources,
) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...firebase.script, ...tags.script],
        // react-hot-toast (goober) writes its rules into a <style> element whose text changes with every
        // new toast, so no hash can name it; CSS cannot run script, and what may load stays limited below
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin, ...tags.img],
        fontSrc: ["'self'"],
        // the service worker and the offline keeper fetch images too
        connectSrc: ["'self'", ...firebase.connect, ...mediaOrigin, ...tags.connect],
        frameSrc: firebase.frame,
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // the sign-in popup must keep its opener: Firebase learns the popup's outcome through it
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // only over https, and set for every answer below
    strictTransportSecurity: false,
  } satisfies FastifyHelmetOptions
}

/** Powerful features the shop never uses, off for its pages and anything they embed (not a helmet header). */
const permissionsPolicy = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** By hand rather than helmet's: it depends on how each request came in. */
const hsts = 'max-age=31536000; includeSubDomains'

/**
 * The inline script hashes of the build in STATIC_DIR, read again when the file changes (a new build
 * replaces index.html without a restart: the SEO route reads it the same way).
 */
function builtScriptHashes(staticDir: string) {
  const file = resolve(staticDir, INLINE_SCRIPT_HASHES)
  let known: { mtimeMs: number; sources: string[] } = { mtimeMs: -1, sources: [] }
  return async function current(): Promise<string[]> {
    try {
      const { mtimeMs } = await stat(file)
      if (mtimeMs !== known.mtimeMs) {
        const { scriptSrc } = JSON.parse(await readFile(file, 'utf8')) as { scriptSrc?: unknown }
        const sources = Array.isArray(scriptSrc) ? scriptSrc.filter((s) => hashSource.test(String(s))) : []
        known = { mtimeMs, sources }
      }
      return known.sources
    } catch {
      return []
    }
  }
}

/** Public catalogue reads are the same for every shopper: they keep the caching their routes choose. */
function isCatalogueRead(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? ''
  return (
    /^\/api\/v[12]\/(product|related-product)\//.test(route) ||
    (request.method === 'GET' && route === `${API_V1}/review`)
  )
}

function isPage(request: FastifyRequest, reply: FastifyReply): boolean {
  return !isServerPath(request.url) && String(reply.getHeader('content-type') ?? '').startsWith('text/html')
}

/**
 * Security headers. The app's pages (index.html, and the product heads of the SEO route) get the
 * Content-Security-Policy and the other page headers; every other answer gets nosniff, and an API
 * answer that depends on who asks (anything but the catalogue, unless its route chose its own caching)
 * is never stored. HSTS only on answers that came over https (behind TRUST_PROXY's proxies too).
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const staticDir = app.config.STATIC_DIR
  const firebase = firebaseSources(app.config)
  // images from a CDN or bucket (MEDIA_PUBLIC_URL): its origin only, not every address there
  const mediaOrigin = app.config.MEDIA_PUBLIC_URL ? [new URL(app.config.MEDIA_PUBLIC_URL).origin] : []
  const scriptHashes = builtScriptHashes(staticDir)
  if (existsSync(resolve(staticDir, 'index.html')) && !existsSync(resolve(staticDir, INLINE_SCRIPT_HASHES))) {
    app.log.warn(`${staticDir} has no ${INLINE_SCRIPT_HASHES}: the page's inline scripts will be refused`)
  }

  // the ad and analytics tags the owner switched on in the settings (none while they cannot be read)
  const tags = async () => {
    const saved = app.hasDecorator('settings') ? await app.settings.current().catch(() => null) : null
    return tagSources(saved?.settings.marketing ?? { metaPixelId: '', ga4MeasurementId: '' })
  }

  await app.register(helmet, { global: false })
  app.addHook('onSend', async (request, reply) => {
    if (isPage(request, reply)) {
      reply.helmet(pageHeaders(firebase, await scriptHashes(), mediaOrigin, await tags()))
      reply.header('permissions-policy', permissionsPolicy)
    } else {
      reply.header('x-content-type-options', 'nosniff')
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control') && !isCatalogueRead(request)) {
        reply.header('cache-control', 'no-store')
      }
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts)
  })
})
