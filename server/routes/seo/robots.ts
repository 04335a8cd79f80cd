import type { FastifyInstance } from 'fastify'

/**
 * The shopper's and the staff's own pages and the API: nothing a search engine should list. Each is closed as
 * the page itself (`$`), its query strings and what lies under it, so that a content page whose address only
 * begins the same way (`/cart-help`) stays open.
 */
export const privatePaths = ['/admin', '/checkout', '/cart', '/confirm-order', '/user', '/auth']

/**
 * The API's private areas: the staff's, a shopper's own (cart, account, orders, payments) and the couriers'
 * webhooks. The catalogue's, the menus' and the shop's answers stay open: a search engine that runs the app's code
 * needs them to draw a page.
 */
export const privateApi = [
  'admin',
  'cart',
  'user',
  'auth',
  'orders',
  'payments',
  'couriers',
  'coupons',
  'file-uploader',
]

/** robots.txt: everything but the private paths and API areas, and where the sitemap is (on PUBLIC_URL). */
export function robotsTxt(origin: string): string {
  const closed = privatePaths.flatMap((path) => [`${path}$`, `${path}?`, `${path}/`])
  return [
    'User-agent: *',
    ...closed.map((path) => `Disallow: ${path}`),
    ...privateApi.map((area) => `Disallow: /api/v1/${area}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

export function robotsRoute(app: FastifyInstance, origin: string) {
  const text = robotsTxt(origin)
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(text),
  )
}
