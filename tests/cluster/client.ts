/** What the cluster tests send to the API, as a phone's app sends it: over HTTP, with the api key. */
export const API_KEY = 'haat-demo-key'
export const INSTANCE_HEADER = 'x-haat-instance'

export type Reply<Body = Record<string, unknown>> = {
  status: number
  body: Body
  headers: Headers
  /** which instance answered, as the balancer says (null when the request did not go through it) */
  instance: string | null
}

export type CallOptions = {
  body?: unknown
  /** a session token, sent as Bearer */
  token?: string
  /** the client address the balancer passes on in X-Forwarded-For (per-address limits count it) */
  ip?: string
  headers?: Record<string, string>
  /** gives up (throws) past this many milliseconds */
  timeoutMs?: number
}

/** One request; `path` is under /api/v1/ unless it starts with a slash. Network errors throw. */
export async function call<Body = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Reply<Body>> {
  const headers: Record<string, string> = { 'x-api-key': API_KEY, ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.ip) headers['x-forwarded-for'] = options.ip
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${base}${path.startsWith('/') ? path : `/api/v1/${path}`}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
  const text = await response.text()
  let body: unknown = {}
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    body = { text }
  }
  return {
    status: response.status,
    body: body as Body,
    headers: response.headers,
    instance: response.headers.get(INSTANCE_HEADER),
  }
}

/** The shop owner's change to a sku (price, discounted price, stock), straight to one instance. */
export async function changeSku(
  instanceUrl: string,
  adminToken: string,
  skuId: number,
  change: { stockQuantity?: number; price?: number; discountedPrice?: number },
) {
  const reply = await call(instanceUrl, 'PATCH', `admin/skus/${skuId}`, {
    body: change,
    headers: { authorization: `Bearer ${adminToken}` },
  })
  if (reply.status !== 200)
    throw new Error(`admin PATCH skus/${skuId}: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply
}
