import { SmsDeliveryError, type SmsProvider } from './provider'

/**
 * A JSON gateway: `POST <url>` with `{ to, message }` and `Authorization: Bearer <token>`; any 2xx is
 * delivered. Numbers go out in international form (8801XXXXXXXXX), as gateways expect.
 */
export function httpProvider(options: { url: string; token?: string; timeoutMs?: number }): SmsProvider {
  return {
    name: 'http',
    async send(phone, text) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      let response: Response
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: `88${phone}`, message: text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        })
      } catch (error) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`)
      }
      await response.body?.cancel()
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`)
    },
  }
}
