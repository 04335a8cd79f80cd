/**
 * What a page of the app is, by the route of `src/routes/` that shows it: `shell` for a page that exists
 * whatever its address holds (the cart, an account page, the back office), else the kind of record its `$slug`
 * names, which must exist for the page to.
 */
export type AppPageKind = 'shell' | 'product' | 'category' | 'brand' | 'campaign' | 'page'

/**
 * The app's routes (`src/routes/`, TanStack Router's file routes; a test keeps the two equal), in the order the
 * router ranks them: the more static segments a route begins with, the earlier (`/admin` is the back office's,
 * not a page called admin). The first match wins.
 */
export const appRoutes: ReadonlyArray<readonly [path: string, kind: AppPageKind]> = [
  ['/', 'shell'],
  ['/cart', 'shell'],
  ['/checkout', 'shell'],
  ['/confirm-order', 'shell'],
  ['/search', 'shell'],
  ['/auth/login', 'shell'],
  ['/auth/otp-login', 'shell'],
  ['/auth/otp-register', 'shell'],
  ['/auth/register', 'shell'],
  ['/auth/reset-password', 'shell'],
  ['/user', 'shell'],
  ['/user/address', 'shell'],
  ['/user/faq', 'shell'],
  ['/user/orders', 'shell'],
  ['/user/reviews', 'shell'],
  ['/user/reward-points', 'shell'],
  ['/user/order/$id', 'shell'],
  ['/product/$slug', 'product'],
  ['/category/$slug', 'category'],
  ['/brand/$slug', 'brand'],
  ['/flash-deal/$slug', 'campaign'],
  ['/admin/$', 'shell'],
  ['/$slug', 'page'],
]

const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/** The app's page at `pathname` (no query string) and the slug it names; null: no route of the app has it. */
export function appPageAt(pathname: string): { kind: AppPageKind; slug: string } | null {
  let segments: string[]
  try {
    segments = segmentsOf(pathname).map((part) => decodeURIComponent(part))
  } catch {
    return null
  }
  for (const [route, kind] of appRoutes) {
    const pattern = segmentsOf(route)
    const splat = pattern.at(-1) === '$'
    const fixed = splat ? pattern.slice(0, -1) : pattern
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) continue
    let slug = ''
    const matches = fixed.every((part, at) => {
      const value = segments[at] as string
      if (!part.startsWith('$')) return part === value
      slug = value
      return value !== ''
    })
    if (matches) return { kind, slug }
  }
  return null
}
