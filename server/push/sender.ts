import webPush from 'web-push'
import type { VapidKeys } from './keys'

/** A browser's subscription as kept: where its push service takes pushes and the keys to encrypt them to. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string }

/**
 * What the push service answered (RFC 8030 §5): taken (201), gone for good (404, 410: the subscription is
 * over), or anything else, with its status.
 */
export type PushOutcome =
  | { kind: 'taken' }
  | { kind: 'gone'; status: number }
  | { kind: 'refused'; status: number }

/** A push service's answer that is worth trying again later: too many (429) or its own failure (5xx). */
export class PushServiceError extends Error {
  constructor(readonly status: number) {
    super(`The push service answered ${status}`)
    this.name = 'PushServiceError'
  }
}

export type PushSender = { send(target: PushTarget, payload: string): Promise<PushOutcome> }

/** how long a push service keeps a push for a browser that is offline (RFC 8030 §5.2): a day */
const TIME_TO_LIVE_S = 24 * 60 * 60

/**
 * Sends pushes as RFC 8030 says, through the `web-push` library's encryption (RFC 8291, aes128gcm) and VAPID
 * signature (RFC 8292); the request itself is ours (fetch with a deadline), so that an http push service on
 * loopback (the tests' fake) is reached as an https one is. A 429 or 5xx, or no answer, throws PushServiceError
 * or the network's error: the job queue tries again.
 */
export function webPushSender(keys: VapidKeys, subject: string, timeoutMs: number): PushSender {
  return {
    async send(target, payload) {
      const request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TIME_TO_LIVE_S,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      )
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel()
      const status = response.status
      if (status >= 200 && status < 300) return { kind: 'taken' }
      if (status === 404 || status === 410) return { kind: 'gone', status }
      if (status === 429 || status >= 500) throw new PushServiceError(status)
      return { kind: 'refused', status }
    },
  }
}
