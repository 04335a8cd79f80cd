/**
 * Meta's Conversions API (`POST {graph}/{version}/{pixel-id}/events`): the server's side of the pixel. The
 * token travels in the body, never in the address, so no log or error line can carry it.
 */

/** Where an event happened, as the Conversions API names it (`action_source`). */
export type ActionSource = 'website' | 'phone_call' | 'chat' | 'physical_store'

/** One server event, as Meta documents its fields. */
export type ServerEvent = {
  event_name: string
  /** seconds since the epoch, at most 7 days before the send */
  event_time: number
  /** the browser's `eventID` for the same event: Meta keeps one of the two */
  event_id: string
  action_source: ActionSource
  event_source_url?: string
  user_data: {
    /** SHA-256 of the number with its country code, digits only (`8801712345678`) */
    ph?: string[]
    country?: string[]
    client_ip_address?: string
    client_user_agent?: string
    fbp?: string
    fbc?: string
  }
  /** what the event is about: a purchase names all of it, a page view nothing */
  custom_data?: {
    currency?: string
    value?: number
    content_ids?: string[]
    contents?: { id: string; quantity: number; item_price: number }[]
    content_type?: 'product'
    order_id?: string
    num_items?: number
  }
}

export type ConversionsApi = {
  /** sends the events; throws MetaSendError when Meta does not take them (the job tries again) */
  send(
    pixel: { id: string; accessToken: string; testEventCode?: string },
    events: ServerEvent[],
  ): Promise<{ received: number }>
}

/** Meta refused the events or could not be reached: its message and code, never the token. */
export class MetaSendError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'MetaSendError'
  }
}

const TIMEOUT_MS = 15_000

export function conversionsApi(options: { baseUrl: string; version: string }): ConversionsApi {
  const base = options.baseUrl.replace(/\/+$/, '')
  return {
    async send(pixel, events) {
      const body = {
        data: events,
        access_token: pixel.accessToken,
        ...(pixel.testEventCode ? { test_event_code: pixel.testEventCode } : {}),
      }
      let response: Response
      try {
        response = await fetch(`${base}/${options.version}/${encodeURIComponent(pixel.id)}/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable'
        throw new MetaSendError(`the Conversions API is ${reason}`, 0)
      }
      const answer = (await response.json().catch(() => null)) as {
        events_received?: number
        error?: { message?: string; code?: number }
      } | null
      if (!response.ok || !answer || answer.error) {
        const error = answer?.error
        throw new MetaSendError(
          `the Conversions API answered ${response.status}${error ? ` (code ${error.code}): ${error.message}` : ''}`,
          response.status,
        )
      }
      return { received: answer.events_received ?? 0 }
    },
  }
}
