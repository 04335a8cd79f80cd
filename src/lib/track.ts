/**
 * The storefront's ad and analytics events (docs/marketing-pixels.md). Pages call `track` whether or not the
 * shop has switched a tag on: until the tags' code is here (it loads only when the owner switched one on, and
 * after the shopper's consent where asked) events wait in a short queue, and without tags they go nowhere.
 */
export type TrackEvent = 'ViewContent' | 'AddToCart' | 'InitiateCheckout' | 'Purchase'

/** What an event is about: the SKUs by code (the product feeds' item ids), their value in taka. */
export type TrackData = {
  items: { id: string; name: string; price: number; quantity: number }[]
  value: number
  /** the placed order's number (Purchase) */
  order?: string
}

type Sink = (event: TrackEvent, data: TrackData, eventId: string) => void

const waiting: Parameters<Sink>[] = []
let sink: Sink | undefined

/** The event ID of an order's purchase: the browser's and the server's are the same, so Meta keeps one. */
export const purchaseEventId = (orderNumber: string) => `purchase-${orderNumber}`

export function track(event: TrackEvent, data: TrackData): void {
  const id = data.order
    ? purchaseEventId(data.order)
    : `${event}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  if (sink) sink(event, data, id)
  else if (waiting.length < 30) waiting.push([event, data, id])
}

/** The tags' code takes the events from here on, the waiting ones first; `null` (declined) drops them. */
export function trackTo(next: Sink | null): void {
  const queued = waiting.splice(0)
  if (!next) return
  sink = next
  for (const args of queued) next(...args)
}
