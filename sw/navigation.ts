/// <reference lib="webworker" />
import { createHandlerBoundToURL, matchPrecache } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope

/**
 * Server-owned paths a navigation may legitimately open (a JSON document, an image, the API docs,
 * the sitemap, a product feed the owner opens from the back office). Answering them with the app shell would show the storefront instead of the file.
 */
export const SERVER_PATHS: RegExp[] = [
  /^\/api\//,
  /^\/storage\//,
  /^\/media\//,
  /^\/docs(\/|$)/,
  /^\/sitemap[^/]*\.xml$/,
  /^\/robots\.txt$/,
  /^\/feeds\/[^/]+\.xml$/,
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
  // the back office is not part of the shopper's offline app: its page always comes from the server, so a
  // release never leaves it asking for code the server no longer has
  /^\/admin(\/|$)/,
  // a reminder's links: the server sends the restore link on to the cart and writes the stop link's page
  /^\/cart\/restore\//,
  /^\/reminders\/stop\//,
]

/**
 * Every other navigation (/, /product/x, /search?text=..., deep links typed or shared) gets the
 * precached index.html; the router then renders the page from the persisted query cache when the
 * network is gone. This is what makes a reload or a deep link work offline.
 */
export function setUpNavigation(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }))
}

/**
 * An ad's or a campaign's link: the tags the server keeps as the shopper's landing (server/domain/attribution.ts,
 * docs/attribution.md). Only the server can set its HttpOnly landing cookie, and only when the page reaches it.
 */
const CAMPAIGN_PARAM = /^(utm_(source|medium|campaign|term|content)|fbclid|gclid)$/

export const carriesCampaign = (url: URL): boolean =>
  url.search
    .slice(1)
    .split('&')
    .some((pair) => CAMPAIGN_PARAM.test(pair.split('=', 1)[0] ?? ''))

/** how long a campaign's page waits for the server before the kept shell answers it */
const CAMPAIGN_WAIT_MS = 3000

/**
 * A returning shopper who lands from an ad is counted too: a page opened with campaign tags goes to the server
 * (which keeps the landing, as on a first visit) and falls back to the kept shell when the network fails or is
 * slow. Registered before the precache, which would otherwise answer `/?utm_source=…` itself (workbox's
 * precache ignores utm_ and fbclid parameters when it matches an address).
 */
export function setUpCampaignLandings(): void {
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === self.location.origin &&
      carriesCampaign(url) &&
      !SERVER_PATHS.some((pattern) => pattern.test(url.pathname)),
    async ({ request }) => {
      const shell = async () => (await matchPrecache('/index.html')) ?? Response.error()
      let timer: ReturnType<typeof setTimeout> | undefined
      const slow = new Promise<Response>((resolve) => {
        timer = setTimeout(() => resolve(shell()), CAMPAIGN_WAIT_MS)
      })
      const fromServer = fetch(request).then(
        (response) => (response.ok ? response : shell()),
        () => shell(),
      )
      try {
        return await Promise.race([fromServer, slow])
      } finally {
        clearTimeout(timer)
      }
    },
  )
}
