import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  channelOf,
  decodeLanding,
  encodeLanding,
  type Landing,
  landingFrom,
  landingToKeep,
} from '../domain/attribution'
import { isServerPath } from './static-site'

/** The first-party cookie that keeps the shopper's landing (docs/attribution.md). */
export const LANDING_COOKIE = 'haat_landing'
/** how long a landing is kept: orders placed within 90 days of it are counted under its channel */
export const LANDING_DAYS = 90

/** crawlers and link previews: their pages are not landings (they keep no cookie, and would count at every page) */
const NOT_A_SHOPPER = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|meta-externalagent|embedly|preview/i

/** the landing each request set, for whoever reads it later in the same request */
const setOn = new WeakMap<FastifyRequest, Landing>()

/**
 * A shopper opening one of the shop's pages: a GET that the browser makes for a document (Sec-Fetch-Dest, or
 * for an older browser an Accept with HTML), not of the API, the media, the built files or the back office.
 */
export function isPageLanding(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false
  const path = request.url.split('?', 1)[0] ?? ''
  if (isServerPath(path) || path.startsWith('/assets/') || /^\/admin(\/|$)/.test(path)) return false
  if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) return false
  const dest = request.headers['sec-fetch-dest']
  if (dest !== undefined) return dest === 'document'
  return (request.headers.accept ?? '').includes('text/html')
}

/**
 * The landing this request's shopper came from: the one its page just kept, or the cookie's (checked again);
 * null when there is none. The order keeps it, and the Conversions API reads its `fbclid` and time.
 */
export function landingOf(request: FastifyRequest): Landing | null {
  return (
    setOn.get(request) ??
    decodeLanding(request.cookies?.[LANDING_COOKIE], request.server.clock.now().getTime())
  )
}

/**
 * Keeps where a shopper came from with no code in the page: every page the server answers (the shell, a
 * product's page, any address the app opens) reads the address's utm tags and click ids and the Referer of
 * another site, and sets the landing cookie when there is none yet, or when this landing says more than the
 * kept one (server/domain/attribution.ts `landingToKeep`), counting it for the reports. HttpOnly: the page never
 * reads it; the browser sends it with the order.
 */
export default fp(
  async function landing(app: FastifyInstance) {
    const secure = (app.config.PUBLIC_URL ?? '').startsWith('https:')
    const publicHost = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).hostname : null

    app.addHook('onRequest', async (request, reply) => {
      if (!isPageLanding(request)) return
      if (NOT_A_SHOPPER.test(request.headers['user-agent'] ?? '')) return
      const now = app.clock.now().getTime()
      const query = new URLSearchParams(request.url.split('?')[1]?.slice(0, 8192) ?? '')
      const ownHosts = [request.hostname.replace(/:\d+$/, ''), ...(publicHost ? [publicHost] : [])]
      const arriving = landingFrom(query, request.headers.referer, ownHosts, now)
      const kept = decodeLanding(request.cookies[LANDING_COOKIE], now)
      const keep = landingToKeep(kept, arriving)
      if (!keep) return
      setOn.set(request, keep)
      reply.setCookie(LANDING_COOKIE, encodeLanding(keep), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: LANDING_DAYS * 86_400,
      })
      app.landings.count(channelOf(keep))
    })
  },
  { name: 'landing', dependencies: ['landings-repository'] },
)
