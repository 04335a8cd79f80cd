import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

// Pathao's merchant API ("aladdin") on loopback, as its developer page documents it: the token grants, the
// place lists, orders (one and bulk), order info, the price plan, and the webhooks Pathao posts to a merchant.
// `npx tsx tests/fakes/pathao.ts --port N [--webhook-url URL]` runs it on its own.

export const FAKE_PATHAO = {
  clientId: 'haat-fake-client',
  clientSecret: 'fake-client-secret-7f3a9e',
  username: 'shop@haat.test',
  password: 'fake-password-91c2d4',
  storeId: 5501,
  webhookSecret: 'fake-webhook-secret-c41d8b',
}

/** Pathao's order status slugs and the webhook event that announces each (from its WooCommerce plugin) */
export const PATHAO_STATUS_EVENTS = {
  Pending: 'order.created',
  Pickup_Requested: 'order.pickup-requested',
  Assigned_for_Pickup: 'order.assigned-for-pickup',
  Picked: 'order.picked',
  Pickup_Failed: 'order.pickup-failed',
  Pickup_Cancelled: 'order.pickup-cancelled',
  At_the_Sorting_HUB: 'order.at-the-sorting-hub',
  In_Transit: 'order.in-transit',
  Received_at_Last_Mile_HUB: 'order.received-at-last-mile-hub',
  Assigned_for_Delivery: 'order.assigned-for-delivery',
  Delivered: 'order.delivered',
  Partial_Delivery: 'order.partial-delivery',
  Return: 'order.returned',
  Delivery_Failed: 'order.delivery-failed',
  On_Hold: 'order.on-hold',
  Payment_Invoice: 'order.paid',
  Paid_Return: 'order.paid-return',
  Exchange: 'order.exchanged',
} as const
export type PathaoStatusSlug = keyof typeof PATHAO_STATUS_EVENTS

/** Faults that hand the answer back differently: all but `error` come after the request was carried out. */
export type Fault =
  | { kind: 'timeout'; ms: number }
  | { kind: 'error'; status: number; body?: unknown }
  | { kind: 'http500' }
  | { kind: 'garbage' }
  | { kind: 'drop' }
export type PathaoEndpoint = 'token' | 'orders' | 'bulk' | 'info' | 'cities' | 'zones' | 'areas' | 'price'

export type FakePathaoParcel = {
  consignmentId: string
  merchantOrderId: string | null
  storeId: number
  recipientName: string
  recipientPhone: string
  recipientAddress: string
  cityId: number | null
  zoneId: number | null
  areaId: number | null
  deliveryType: number
  itemType: number
  specialInstruction: string | null
  itemQuantity: number
  itemWeight: number
  amountToCollect: number
  itemDescription: string | null
  deliveryFee: number
  status: PathaoStatusSlug
  updatedAt: string
}

type Place = { id: number; name: string }
const CITIES: Place[] = [
  { id: 1, name: 'Dhaka' },
  { id: 2, name: 'Chattogram' },
  { id: 3, name: 'Sylhet' },
]
const ZONES: Record<number, Place[]> = {
  1: [
    { id: 101, name: 'Dhanmondi' },
    { id: 102, name: 'Gulshan' },
    { id: 103, name: 'Mirpur' },
    { id: 104, name: 'Uttara' },
  ],
  2: [
    { id: 201, name: 'Agrabad' },
    { id: 202, name: 'Panchlaish' },
  ],
  3: [{ id: 301, name: 'Zindabazar' }],
}
const AREAS: Record<number, Place[]> = {
  101: [
    { id: 1001, name: 'Road 27' },
    { id: 1002, name: 'Shankar' },
  ],
  102: [
    { id: 1003, name: 'Gulshan 1' },
    { id: 1004, name: 'Gulshan 2' },
  ],
  103: [
    { id: 1005, name: 'Mirpur 10' },
    { id: 1006, name: 'Mirpur 1' },
  ],
  104: [{ id: 1007, name: 'Sector 7' }],
  201: [{ id: 2001, name: 'Agrabad C/A' }],
  202: [{ id: 2002, name: 'Panchlaish R/A' }],
  301: [{ id: 3001, name: 'Zindabazar' }],
}

/** The fake's own price plan: 60 taka in Dhaka, 110 elsewhere, 15 more per kg above the first. */
export function fakePathaoFee(cityId: number | null, weightKg: number): number {
  return (cityId === 1 ? 60 : 110) + 15 * Math.max(0, Math.ceil(weightKg - 1))
}

type Answer = { status: number; body: unknown; after?: () => void }
type Json = Record<string, unknown>
const API = '/aladdin/api/v1'

export async function startFakePathao(
  options: {
    port?: number
    credentials?: Partial<typeof FAKE_PATHAO>
    /** Pathao gives 432000 (five days) */
    tokenTtlSeconds?: number
    /** where Pathao posts its webhooks, signed with the webhook secret */
    webhookUrl?: string
    now?: () => number
  } = {},
) {
  const creds = { ...FAKE_PATHAO, ...options.credentials }
  const now = options.now ?? Date.now
  const ttl = options.tokenTtlSeconds ?? 432_000
  const parcels = new Map<string, FakePathaoParcel>()
  const calls: { method: string; path: string }[] = []
  /** the grant of every token issued, in order */
  const tokenGrants: string[] = []
  const webhooks: {
    event: string
    consignmentId: string | null
    status: number
    integrationSecret: string | null
  }[] = []
  const accessTokens = new Map<string, number>()
  const refreshTokens = new Set<string>()
  const faults: { endpoint: PathaoEndpoint; fault: Fault; times: number }[] = []
  const timers = new Set<NodeJS.Timeout>()
  const posting = new Set<Promise<void>>()

  const dhakaNow = () => new Date(now() + 6 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
  const issueToken = (grant: string) => {
    const access = `pt-${randomBytes(12).toString('hex')}`
    const refresh = `pr-${randomBytes(12).toString('hex')}`
    accessTokens.set(access, now() + ttl * 1000)
    refreshTokens.add(refresh)
    tokenGrants.push(grant)
    return {
      status: 200,
      body: { token_type: 'Bearer', expires_in: ttl, access_token: access, refresh_token: refresh },
    }
  }

  const postWebhook = (payload: Json): Promise<void> => {
    const url = options.webhookUrl
    if (!url) return Promise.resolve()
    const delivery = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-PATHAO-Signature': creds.webhookSecret },
      body: JSON.stringify(payload),
    })
      .then(async (response) => {
        await response.body?.cancel()
        webhooks.push({
          event: String(payload.event),
          consignmentId: (payload.consignment_id as string | undefined) ?? null,
          status: response.status,
          integrationSecret: response.headers.get('x-pathao-merchant-webhook-integration-secret'),
        })
      })
      .catch(() => {
        webhooks.push({
          event: String(payload.event),
          consignmentId: null,
          status: 0,
          integrationSecret: null,
        })
      })
    posting.add(delivery)
    return delivery.finally(() => posting.delete(delivery))
  }
  const event = (parcel: FakePathaoParcel, name: string, extra: Json = {}): Json => ({
    consignment_id: parcel.consignmentId,
    merchant_order_id: parcel.merchantOrderId,
    updated_at: parcel.updatedAt,
    timestamp: new Date(now()).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    store_id: parcel.storeId,
    event: name,
    ...extra,
  })

  const invalid = (errors: Record<string, string[]>): Answer => ({
    status: 422,
    body: { message: 'Please fix the given errors', type: 'error', code: 422, errors },
  })

  const validateOrder = (order: Json) => {
    const errors: Record<string, string[]> = {}
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message]
    }
    const text = (field: string, label: string, min: number, max: number) => {
      const value = order[field]
      if (typeof value !== 'string' || value.trim() === '') add(field, `The ${label} field is required.`)
      else if (value.length < min || value.length > max) {
        add(field, `The ${label} must be between ${min} and ${max} characters.`)
      }
    }
    if (order.store_id === undefined) add('store_id', 'The store id field is required.')
    else if (order.store_id !== creds.storeId) add('store_id', 'Wrong Store selected.')
    text('recipient_name', 'recipient name', 3, 100)
    if (typeof order.recipient_phone !== 'string' || order.recipient_phone === '') {
      add('recipient_phone', 'The recipient phone field is required.')
    } else if (!/^\d{11}$/.test(order.recipient_phone)) {
      add('recipient_phone', 'The recipient phone must be 11 characters.')
    }
    text('recipient_address', 'recipient address', 10, 220)
    const { recipient_city: city, recipient_zone: zone, recipient_area: area } = order
    if (city !== undefined && !CITIES.some((c) => c.id === city)) {
      add('recipient_city', 'The selected recipient city is invalid.')
    }
    if (zone !== undefined && !(ZONES[city as number] ?? []).some((z) => z.id === zone)) {
      add('recipient_zone', 'The selected recipient zone is invalid.')
    }
    if (area !== undefined && !(AREAS[zone as number] ?? []).some((a) => a.id === area)) {
      add('recipient_area', 'The selected recipient area is invalid.')
    }
    if (order.delivery_type !== 48 && order.delivery_type !== 12) {
      add('delivery_type', 'The selected delivery type is invalid.')
    }
    if (order.item_type !== 1 && order.item_type !== 2) add('item_type', 'The selected item type is invalid.')
    if (!Number.isInteger(order.item_quantity) || (order.item_quantity as number) < 1) {
      add('item_quantity', 'The item quantity must be at least 1.')
    }
    const weight = Number(order.item_weight)
    if (order.item_weight === undefined || Number.isNaN(weight))
      add('item_weight', 'The item weight is required.')
    else if (weight < 0.5 || weight > 10) add('item_weight', 'The item weight must be between 0.5 and 10.')
    if (!Number.isInteger(order.amount_to_collect) || (order.amount_to_collect as number) < 0) {
      add('amount_to_collect', 'The amount to collect must be an integer.')
    }
    return errors
  }

  const consignmentId = () => {
    const date = new Date(now() + 6 * 3_600_000).toISOString()
    const ddmmyy = `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`
    let code: string
    do code = `DL${ddmmyy}${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`
    while (parcels.has(code))
    return code
  }

  const createParcel = (order: Json): FakePathaoParcel => {
    const cityId = (order.recipient_city as number | undefined) ?? null
    const weight = Number(order.item_weight)
    const parcel: FakePathaoParcel = {
      consignmentId: consignmentId(),
      merchantOrderId: (order.merchant_order_id as string | undefined) ?? null,
      storeId: order.store_id as number,
      recipientName: order.recipient_name as string,
      recipientPhone: order.recipient_phone as string,
      recipientAddress: order.recipient_address as string,
      cityId,
      zoneId: (order.recipient_zone as number | undefined) ?? null,
      areaId: (order.recipient_area as number | undefined) ?? null,
      deliveryType: order.delivery_type as number,
      itemType: order.item_type as number,
      specialInstruction: (order.special_instruction as string | undefined) ?? null,
      itemQuantity: order.item_quantity as number,
      itemWeight: weight,
      amountToCollect: order.amount_to_collect as number,
      itemDescription: (order.item_description as string | undefined) ?? null,
      deliveryFee: fakePathaoFee(cityId, weight),
      status: 'Pending',
      updatedAt: dhakaNow(),
    }
    parcels.set(parcel.consignmentId, parcel)
    return parcel
  }

  const authorised = (req: IncomingMessage) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const expiresAt = bearer ? accessTokens.get(bearer) : undefined
    return expiresAt !== undefined && now() < expiresAt
  }

  const route = (
    method: string,
    path: string,
  ): { endpoint: PathaoEndpoint; handle: (body: Json) => Answer } | null => {
    if (method === 'POST' && path === `${API}/issue-token`) return { endpoint: 'token', handle: token }
    if (method === 'POST' && path === `${API}/orders`) {
      return {
        endpoint: 'orders',
        handle(order) {
          const errors = validateOrder(order)
          if (Object.keys(errors).length > 0) return invalid(errors)
          const parcel = createParcel(order)
          return {
            status: 200,
            body: {
              message: 'Order Created Successfully',
              type: 'success',
              code: 200,
              data: {
                consignment_id: parcel.consignmentId,
                merchant_order_id: parcel.merchantOrderId,
                order_status: 'Pending',
                delivery_fee: parcel.deliveryFee,
              },
            },
            after: () =>
              void postWebhook(event(parcel, 'order.created', { delivery_fee: parcel.deliveryFee })),
          }
        },
      }
    }
    if (method === 'POST' && path === `${API}/orders/bulk`) return { endpoint: 'bulk', handle: bulk }
    const info = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path)
    if (method === 'GET' && info) {
      return {
        endpoint: 'info',
        handle() {
          const parcel = parcels.get(decodeURIComponent(info[1] as string))
          if (!parcel) return { status: 404, body: { message: 'Order not found', type: 'error', code: 404 } }
          return {
            status: 200,
            body: {
              message: 'Order info',
              type: 'success',
              code: 200,
              data: {
                consignment_id: parcel.consignmentId,
                merchant_order_id: parcel.merchantOrderId,
                order_status: parcel.status.replace(/_/g, ' '),
                order_status_slug: parcel.status,
                updated_at: parcel.updatedAt,
                invoice_id: null,
              },
            },
          }
        },
      }
    }
    if (method === 'GET' && path === `${API}/city-list`) {
      return { endpoint: 'cities', handle: () => list('City successfully fetched.', CITIES, 'city') }
    }
    const zones = /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/.exec(path)
    if (method === 'GET' && zones) {
      return {
        endpoint: 'zones',
        handle: () => list('Zone list fetched.', ZONES[Number(zones[1])] ?? [], 'zone'),
      }
    }
    const areas = /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/.exec(path)
    if (method === 'GET' && areas) {
      return {
        endpoint: 'areas',
        handle: () => list('Area list fetched.', AREAS[Number(areas[1])] ?? [], 'area'),
      }
    }
    if (method === 'POST' && path === `${API}/merchant/price-plan`)
      return { endpoint: 'price', handle: price }
    return null
  }

  function token(body: Json): Answer {
    const refused = {
      status: 401,
      body: { message: 'Client authentication failed', type: 'error', code: 401 },
    }
    if (body.client_id !== creds.clientId || body.client_secret !== creds.clientSecret) return refused
    if (body.grant_type === 'password') {
      if (body.username !== creds.username || body.password !== creds.password) {
        return {
          status: 400,
          body: { message: 'The user credentials were incorrect.', type: 'error', code: 400 },
        }
      }
      return issueToken('password')
    }
    if (body.grant_type === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || !refreshTokens.delete(body.refresh_token)) {
        return { status: 401, body: { message: 'The refresh token is invalid.', type: 'error', code: 401 } }
      }
      return issueToken('refresh_token')
    }
    return { status: 400, body: { message: 'The authorization grant type is not supported.', type: 'error' } }
  }

  function list(message: string, places: Place[], kind: 'city' | 'zone' | 'area'): Answer {
    const data = places.map((p) => ({
      [`${kind}_id`]: p.id,
      [`${kind}_name`]: p.name,
      ...(kind === 'area' && { home_delivery_available: true, pickup_available: true }),
    }))
    return { status: 200, body: { message, type: 'success', code: 200, data: { data } } }
  }

  function bulk(body: Json): Answer {
    if (!Array.isArray(body.orders) || body.orders.length === 0) {
      return invalid({ orders: ['The orders field is required.'] })
    }
    const orders = body.orders as Json[]
    const errors: Record<string, string[]> = {}
    orders.forEach((order, index) => {
      for (const [field, messages] of Object.entries(validateOrder(order)))
        errors[`orders.${index}.${field}`] = messages
    })
    if (Object.keys(errors).length > 0) return invalid(errors)
    return {
      status: 202,
      body: {
        message:
          'Your bulk order creation request is accepted,<br> please wait some time to complete order creation.',
        type: 'success',
        code: 202,
        data: true,
      },
      // the orders appear later, each announced by its own webhook
      after: () => {
        for (const order of orders) {
          const parcel = createParcel(order)
          void postWebhook(event(parcel, 'order.created', { delivery_fee: parcel.deliveryFee }))
        }
      },
    }
  }

  function price(body: Json): Answer {
    const errors: Record<string, string[]> = {}
    for (const field of [
      'store_id',
      'item_type',
      'delivery_type',
      'item_weight',
      'recipient_city',
      'recipient_zone',
    ]) {
      if (body[field] === undefined) errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`]
    }
    if (Object.keys(errors).length > 0) return invalid(errors)
    const fee = fakePathaoFee(body.recipient_city as number, Number(body.item_weight))
    return {
      status: 200,
      body: {
        message: 'price',
        type: 'success',
        code: 200,
        data: {
          price: fee,
          discount: 0,
          promo_discount: 0,
          plan_id: 69,
          cod_enabled: 1,
          cod_percentage: 0.01,
          additional_charge: 0,
          final_price: fee,
        },
      },
    }
  }

  const takeFault = (endpoint: PathaoEndpoint): Fault | null => {
    const at = faults.findIndex((f) => f.endpoint === endpoint)
    if (at < 0) return null
    const entry = faults[at] as (typeof faults)[number]
    entry.times -= 1
    if (entry.times <= 0) faults.splice(at, 1)
    return entry.fault
  }

  const reply = (res: ServerResponse, answer: Answer) => {
    if (res.destroyed) return
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  }

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const method = req.method ?? 'GET'
    if (method === 'GET' && path === '/healthz') return reply(res, { status: 200, body: { ok: true } })
    // the fake's own door for browser tests in another process: move a parcel as Pathao's rider would
    if (method === 'POST' && path === '/_fake/advance') {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const { consignmentId, status } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        consignmentId?: string
        status?: PathaoStatusSlug
      }
      if (!consignmentId || !status || !(status in PATHAO_STATUS_EVENTS) || !parcels.has(consignmentId)) {
        return reply(res, { status: 404, body: { message: 'no such parcel or status' } })
      }
      await fake.advance(consignmentId, status)
      return reply(res, { status: 200, body: { ok: true } })
    }
    calls.push({ method, path })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const found = route(method, path)
    if (!found) return reply(res, { status: 404, body: { message: 'no Route matched with those values' } })
    const fault = takeFault(found.endpoint)
    if (fault?.kind === 'error')
      return reply(res, { status: fault.status, body: fault.body ?? { message: 'Error' } })
    let body: Json = {}
    try {
      body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
    } catch {
      return reply(res, { status: 400, body: { message: 'Malformed JSON', type: 'error', code: 400 } })
    }
    if (found.endpoint !== 'token' && !authorised(req)) {
      return reply(res, { status: 401, body: { message: 'Unauthenticated.', type: 'error', code: 401 } })
    }
    const answer = found.handle(body)
    answer.after?.()
    if (!fault) return reply(res, answer)
    if (fault.kind === 'timeout') {
      const timer = setTimeout(() => {
        timers.delete(timer)
        reply(res, answer)
      }, fault.ms)
      timers.add(timer)
    } else if (fault.kind === 'http500') {
      reply(res, { status: 500, body: { message: 'Server Error' } })
    } else if (fault.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html><body>502 Bad Gateway</body></html>')
    } else {
      req.socket.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const fake = {
    url,
    /** what createPathao takes as baseUrl (the API lives under /aladdin/api/v1) */
    baseUrl: url,
    credentials: creds,
    parcels,
    calls,
    tokenGrants,
    /** every webhook posted, with the answer's status and its X-Pathao-Merchant-Webhook-Integration-Secret */
    webhooks,
    /** the next `times` calls to `endpoint` meet `fault` */
    failNext(endpoint: PathaoEndpoint, fault: Fault, times = 1) {
      faults.push({ endpoint, fault, times })
    },
    /** moves a parcel as Pathao would, and posts the matching webhook when a webhook URL is set */
    async advance(consignmentId: string, status: PathaoStatusSlug) {
      const parcel = parcels.get(consignmentId)
      if (!parcel) throw new Error(`the fake Pathao has no consignment ${consignmentId}`)
      parcel.status = status
      parcel.updatedAt = dhakaNow()
      const collected = status === 'Delivered' || status === 'Partial_Delivery' || status === 'Exchange'
      await postWebhook(
        event(
          parcel,
          PATHAO_STATUS_EVENTS[status],
          collected ? { collected_amount: parcel.amountToCollect } : {},
        ),
      )
    },
    /** Pathao's check when a webhook is saved: true when the answer is 202 with the integration secret */
    async handshake() {
      await postWebhook({ event: 'webhook_integration' })
      const last = webhooks.at(-1)
      return last?.status === 202 && last.integrationSecret === 'f3992ecc-59da-4cbe-a049-a13da2018d51'
    },
    /** resolves once every webhook started so far has been answered */
    async idle() {
      while (posting.size > 0) await Promise.all([...posting])
    },
    async close() {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}

export type FakePathao = Awaited<ReturnType<typeof startFakePathao>>

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '0' }, 'webhook-url': { type: 'string' } },
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`fake Pathao: --port must be a port number, not ${values.port}`)
    process.exit(2)
  }
  const fake = await startFakePathao({ port, webhookUrl: values['webhook-url'] })
  console.log(fake.url)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      fake.close().finally(() => process.exit(0))
    })
  }
}
