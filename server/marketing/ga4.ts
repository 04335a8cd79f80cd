/**
 * Google Analytics 4's Measurement Protocol (`POST {collect}?measurement_id=…&api_secret=…`): the server's
 * purchase. The secret is part of the address Google documents, so errors here never quote the address.
 */

export type Ga4Item = { item_id: string; item_name: string; price: number; quantity: number }

/** One purchase, as the Measurement Protocol documents it. */
export type Ga4Purchase = {
  /** the browser's client ID (from the `_ga` cookie), or one made from the order when there is none */
  client_id: string
  /** microseconds since the epoch: when the purchase happened */
  timestamp_micros: number
  events: {
    name: 'purchase'
    params: { transaction_id: string; currency: string; value: number; shipping: number; items: Ga4Item[] }
  }[]
}

export type MeasurementProtocol = {
  /** throws Ga4SendError when the purchase was not taken (the job tries again) */
  send(stream: { measurementId: string; apiSecret: string }, payload: Ga4Purchase): Promise<void>
}

export class Ga4SendError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'Ga4SendError'
  }
}

const TIMEOUT_MS = 15_000

export function measurementProtocol(collectUrl: string): MeasurementProtocol {
  return {
    async send(stream, payload) {
      const url = new URL(collectUrl)
      url.searchParams.set('measurement_id', stream.measurementId)
      url.searchParams.set('api_secret', stream.apiSecret)
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch {
        throw new Ga4SendError('the Measurement Protocol is unreachable')
      }
      await response.body?.cancel()
      if (!response.ok) throw new Ga4SendError(`the Measurement Protocol answered ${response.status}`)
    },
  }
}
