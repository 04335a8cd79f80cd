import { API_KEY_HEADER, API_V1 } from '../../contract/common'
import { BROWSER_EVENT_MAX_ITEMS, type BrowserEventBody } from '../../contract/events'
import type { TrackView } from '../../contract/shop'
import { env } from '../../lib/env'
import type { TrackData, TrackEvent } from '../../lib/track'

type Command = (...args: unknown[]) => void
type TagWindow = Window & { fbq?: Command & Record<string, unknown>; _fbq?: unknown; dataLayer?: unknown[] }

const META_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js'
const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js?id='

/** GA4's names of the events the pixel names its own way */
const GA4_EVENTS: Record<TrackEvent, string> = {
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  InitiateCheckout: 'begin_checkout',
  Purchase: 'purchase',
}

function addScript(src: string) {
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.append(script)
}

/** Meta's base code, as its pixel guide gives it: a queue that fbevents.js takes over when it arrives. */
function metaPixel(pixelId: string): Command {
  const w = window as TagWindow
  if (!w.fbq) {
    const fbq = Object.assign(
      (...args: unknown[]) => {
        const self = fbq as unknown as { callMethod?: Command; queue: unknown[] }
        if (self.callMethod) self.callMethod(...args)
        else self.queue.push(args)
      },
      { queue: [] as unknown[], loaded: true, version: '2.0' },
    )
    Object.assign(fbq, { push: fbq })
    w.fbq = fbq as unknown as TagWindow['fbq']
    w._fbq = fbq
    addScript(META_SCRIPT)
  }
  const fbq = w.fbq as Command
  fbq('init', pixelId)
  return fbq
}

/** gtag, as Google's tag guide gives it; page views are sent on each page the router shows, not by gtag itself. */
function googleTag(measurementId: string): Command {
  const w = window as TagWindow
  w.dataLayer = w.dataLayer ?? []
  const layer = w.dataLayer
  // gtag reads `arguments` objects from the data layer, not arrays
  const gtag: Command = function (this: unknown) {
    // biome-ignore lint/complexity/noArguments: gtag's data layer takes the arguments object itself
    layer.push(arguments)
  }
  gtag('js', new Date())
  gtag('config', measurementId, { send_page_view: false })
  addScript(`${GTAG_SCRIPT}${encodeURIComponent(measurementId)}`)
  return gtag
}

/**
 * The pixel's event, posted to our server for Meta's Conversions API under the same event ID (decision 0036).
 * A keepalive request outlives the page it leaves, never holds the page up, and its failure is nobody's
 * concern: the pixel's own event went anyway.
 */
function postToServer(body: BrowserEventBody) {
  try {
    fetch(`${API_V1}/events`, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { [API_KEY_HEADER]: env.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined)
  } catch {
    // a browser without fetch's keepalive, or a body it will not carry: the pixel's event went anyway
  }
}

export type Tags = {
  pageView(): void
  event(event: TrackEvent, data: TrackData, eventId: string): void
}

/** Loads the tags the shop switched on and says each event to them in their own words. */
export function loadTags(view: TrackView): Tags {
  const fbq = view.meta ? metaPixel(view.meta) : null
  const gtag = view.ga ? googleTag(view.ga) : null
  return {
    pageView() {
      if (fbq) {
        // made as lib/track.ts makes the other events' (kept out of it: that module is in the first visit)
        const eventId = `PageView-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
        fbq('track', 'PageView', {}, { eventID: eventId })
        postToServer({ event: 'PageView', eventId, url: location.href })
      }
      gtag?.('event', 'page_view', { page_location: location.href, page_title: document.title })
    },
    event(event, data, eventId) {
      const ids = data.items.map((item) => item.id)
      fbq?.(
        'track',
        event,
        {
          content_ids: ids,
          contents: data.items.map((item) => ({
            id: item.id,
            quantity: item.quantity,
            item_price: item.price,
          })),
          content_type: 'product',
          value: data.value,
          currency: 'BDT',
          ...(event === 'InitiateCheckout' || event === 'Purchase'
            ? { num_items: data.items.reduce((sum, item) => sum + item.quantity, 0) }
            : {}),
          ...(data.order ? { order_id: data.order } : {}),
        },
        { eventID: eventId },
      )
      // the server sends its own Purchase, from the order (server/marketing/purchase.ts)
      if (fbq && event !== 'Purchase') {
        postToServer({
          event,
          eventId,
          url: location.href,
          contentIds: ids.slice(0, BROWSER_EVENT_MAX_ITEMS),
          value: data.value,
          currency: 'BDT',
          ...(event === 'InitiateCheckout'
            ? { numItems: data.items.reduce((sum, item) => sum + item.quantity, 0) }
            : {}),
        })
      }
      gtag?.('event', GA4_EVENTS[event], {
        currency: 'BDT',
        value: data.value,
        ...(data.order ? { transaction_id: data.order } : {}),
        items: data.items.map((item) => ({
          item_id: item.id,
          item_name: item.name,
          price: item.price,
          quantity: item.quantity,
        })),
      })
    },
  }
}
