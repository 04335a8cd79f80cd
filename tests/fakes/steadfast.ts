import { randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

// Steadfast's API v1 on loopback, as its API document and webhook page describe it: orders (one and bulk, unique
// invoices), the three status lookups, the balance, a number's record across merchants (fraud check), and the
// webhooks Steadfast posts to a merchant.
// `npx tsx tests/fakes/steadfast.ts --port N [--webhook-url URL]` runs it on its own.

export const FAKE_STEADFAST = {
  apiKey: 'fake-api-key-5d2e81',
  secretKey: 'fake-secret-key-a19b07',
  webhookToken: 'fake-webhook-token-0c7f3a',
}

/** every delivery status the document lists */
export const STEADFAST_DELIVERY_STATUSES = [
  'pending',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'hold',
  'in_review',
  'unknown',
] as const
export type SteadfastDeliveryStatus = (typeof STEADFAST_DELIVERY_STATUSES)[number]

/** Faults that hand the answer back differently: all but `error` come after the request was carried out. */
export type Fault =
  | { kind: 'timeout'; ms: number }
  | { kind: 'error'; status: number; body?: unknown }
  | { kind: 'http500' }
  | { kind: 'garbage' }
  | { kind: 'drop' }
export type SteadfastEndpoint =
  | 'create_order'
  | 'bulk'
  | 'status_by_cid'
  | 'status_by_invoice'
  | 'status_by_trackingcode'
  | 'balance'
  | 'fraud_check'

export type FakeSteadfastParcel = {
  consignmentId: number
  invoice: string
  trackingCode: string
  recipientName: string
  recipientPhone: string
  recipientAddress: string
  codAmount: number
  note: string | null
  itemDescription: string | null
  totalLot: number | null
  status: SteadfastDeliveryStatus
  createdAt: string
  updatedAt: string
}

type Answer = { status: number; body: unknown }
type Json = Record<string, unknown>
const API = '/api/v1'

export async function startFakeSteadfast(
  options: {
    port?: number
    credentials?: Partial<typeof FAKE_STEADFAST>
    /** where Steadfast posts its webhooks, with the Bearer token typed on its webhook page */
    webhookUrl?: string
    now?: () => number
  } = {},
) {
  const creds = { ...FAKE_STEADFAST, ...options.credentials }
  const now = options.now ?? Date.now
  const parcels = new Map<string, FakeSteadfastParcel>()
  /** a number's parcels with Steadfast's other merchants, and their fraud reports (what `fraud_check` adds) */
  const elsewhere = new Map<string, { delivered: number; cancelled: number; reports: string[] }>()
  const calls: { method: string; path: string }[] = []
  const webhooks: { type: string; consignmentId: number; status: number }[] = []
  const faults: { endpoint: SteadfastEndpoint; fault: Fault; times: number }[] = []
  const timers = new Set<NodeJS.Timeout>()
  let nextId = 1_424_107

  const dhakaNow = () => new Date(now() + 6 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
  const byInvoice = (invoice: string) => [...parcels.values()].find((p) => p.invoice === invoice)

  const validate = (order: Json, taken: Set<string>) => {
    const errors: Record<string, string[]> = {}
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message]
    }
    const invoice = order.invoice
    if (typeof invoice !== 'string' || invoice === '') add('invoice', 'The invoice field is required.')
    else if (!/^[A-Za-z0-9_-]+$/.test(invoice)) add('invoice', 'The invoice format is invalid.')
    else if (byInvoice(invoice) || taken.has(invoice)) add('invoice', 'The invoice has already been taken.')
    const text = (field: string, label: string, max: number) => {
      const value = order[field]
      if (typeof value !== 'string' || value.trim() === '') add(field, `The ${label} field is required.`)
      else if (value.length > max) add(field, `The ${label} may not be greater than ${max} characters.`)
    }
    text('recipient_name', 'recipient name', 100)
    if (typeof order.recipient_phone !== 'string' || order.recipient_phone === '') {
      add('recipient_phone', 'The recipient phone field is required.')
    } else if (!/^\d{11}$/.test(order.recipient_phone)) {
      add('recipient_phone', 'The recipient phone must be 11 digits.')
    }
    text('recipient_address', 'recipient address', 250)
    const cod = order.cod_amount
    if (cod === undefined || cod === null || cod === '')
      add('cod_amount', 'The cod amount field is required.')
    else if (Number.isNaN(Number(cod))) add('cod_amount', 'The cod amount must be a number.')
    else if (Number(cod) < 0) add('cod_amount', 'The cod amount must be at least 0.')
    return errors
  }

  const create = (order: Json): FakeSteadfastParcel => {
    const at = dhakaNow()
    let trackingCode: string
    do trackingCode = randomBytes(4).toString('hex').toUpperCase()
    while ([...parcels.values()].some((p) => p.trackingCode === trackingCode))
    const parcel: FakeSteadfastParcel = {
      consignmentId: nextId++,
      invoice: order.invoice as string,
      trackingCode,
      recipientName: order.recipient_name as string,
      recipientPhone: order.recipient_phone as string,
      recipientAddress: order.recipient_address as string,
      codAmount: Number(order.cod_amount),
      note: (order.note as string | undefined) ?? null,
      itemDescription: (order.item_description as string | undefined) ?? null,
      totalLot: order.total_lot === undefined ? null : Number(order.total_lot),
      status: 'in_review',
      createdAt: at,
      updatedAt: at,
    }
    parcels.set(String(parcel.consignmentId), parcel)
    return parcel
  }

  const invalid = (errors: Record<string, string[]>): Answer => ({
    status: 400,
    body: { status: 400, errors },
  })
  const statusOf = (parcel: FakeSteadfastParcel | undefined): Answer =>
    parcel
      ? { status: 200, body: { status: 200, delivery_status: parcel.status } }
      : { status: 404, body: { status: 404, message: 'Consignment not found.' } }

  const createOrder = (order: Json): Answer => {
    const errors = validate(order, new Set())
    if (Object.keys(errors).length > 0) return invalid(errors)
    const parcel = create(order)
    return {
      status: 200,
      body: {
        status: 200,
        message: 'Consignment has been created successfully.',
        consignment: {
          consignment_id: parcel.consignmentId,
          invoice: parcel.invoice,
          tracking_code: parcel.trackingCode,
          recipient_name: parcel.recipientName,
          recipient_phone: parcel.recipientPhone,
          recipient_address: parcel.recipientAddress,
          cod_amount: parcel.codAmount,
          status: parcel.status,
          note: parcel.note,
          created_at: `${parcel.createdAt.replace(' ', 'T')}.000000Z`,
          updated_at: `${parcel.updatedAt.replace(' ', 'T')}.000000Z`,
        },
      },
    }
  }

  const bulk = (body: Json): Answer => {
    let orders: unknown = body.data
    if (typeof orders === 'string') {
      try {
        orders = JSON.parse(orders)
      } catch {
        orders = null
      }
    }
    if (!Array.isArray(orders)) return invalid({ data: ['The data field is required.'] })
    if (orders.length > 500)
      return { status: 400, body: { status: 400, message: 'Maximum 500 items are allowed.' } }
    const taken = new Set<string>()
    let failed = false
    const items = (orders as Json[]).map((order) => {
      const errors = validate(order, taken)
      const ok = Object.keys(errors).length === 0
      const parcel = ok ? create(order) : null
      if (typeof order.invoice === 'string') taken.add(order.invoice)
      failed ||= !ok
      return {
        invoice: order.invoice,
        recipient_name: order.recipient_name,
        recipient_address: order.recipient_address,
        recipient_phone: order.recipient_phone,
        cod_amount: Number(order.cod_amount ?? 0).toFixed(2),
        note: order.note ?? null,
        consignment_id: parcel?.consignmentId ?? null,
        tracking_code: parcel?.trackingCode ?? null,
        status: ok ? 'success' : 'error',
      }
    })
    return { status: 200, body: failed ? { data: items } : items }
  }

  const route = (
    method: string,
    path: string,
  ): { endpoint: SteadfastEndpoint; handle: (b: Json) => Answer } | null => {
    if (method === 'POST' && path === `${API}/create_order`)
      return { endpoint: 'create_order', handle: createOrder }
    if (method === 'POST' && path === `${API}/create_order/bulk-order`)
      return { endpoint: 'bulk', handle: bulk }
    const lookup = /^\/api\/v1\/(status_by_cid|status_by_invoice|status_by_trackingcode)\/([^/]+)$/.exec(path)
    if (method === 'GET' && lookup) {
      const [, endpoint, key] = lookup as unknown as [string, SteadfastEndpoint, string]
      const wanted = decodeURIComponent(key)
      return {
        endpoint,
        handle: () =>
          statusOf(
            endpoint === 'status_by_cid'
              ? parcels.get(wanted)
              : [...parcels.values()].find((p) =>
                  endpoint === 'status_by_invoice' ? p.invoice === wanted : p.trackingCode === wanted,
                ),
          ),
      }
    }
    const fraud = /^\/api\/v1\/fraud_check\/([^/]+)$/.exec(path)
    if (method === 'GET' && fraud) {
      return { endpoint: 'fraud_check', handle: () => fraudCheck(decodeURIComponent(fraud[1] ?? '')) }
    }
    if (method === 'GET' && path === `${API}/get_balance`) {
      return {
        endpoint: 'balance',
        handle: () => {
          const paid = [...parcels.values()].filter(
            (p) => p.status === 'delivered' || p.status === 'partial_delivered',
          )
          return {
            status: 200,
            body: { status: 200, current_balance: paid.reduce((sum, p) => sum + p.codAmount, 0) },
          }
        },
      }
    }
    return null
  }

  /** every parcel of the number, this merchant's and the others', as Steadfast counts them */
  const fraudCheck = (phone: string): Answer => {
    if (!/^01[3-9]\d{8}$/.test(phone)) {
      return { status: 422, body: { status: 422, message: 'The phone number is not valid.' } }
    }
    const own = [...parcels.values()].filter((p) => p.recipientPhone === phone)
    const other = elsewhere.get(phone) ?? { delivered: 0, cancelled: 0, reports: [] }
    const delivered = own.filter((p) => p.status === 'delivered' || p.status === 'partial_delivered').length
    const cancelled = own.filter((p) => p.status === 'cancelled').length
    return {
      status: 200,
      body: {
        total_parcels: own.length + other.delivered + other.cancelled,
        total_delivered: delivered + other.delivered,
        total_cancelled: cancelled + other.cancelled,
        total_fraud_reports: other.reports.map((details, index) => ({
          id: index + 1,
          phone,
          details,
          created_at: new Date(now()).toISOString(),
        })),
      },
    }
  }

  const takeFault = (endpoint: SteadfastEndpoint): Fault | null => {
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
    calls.push({ method, path })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const found = route(method, path)
    if (!found) return reply(res, { status: 404, body: { status: 404, message: 'Not Found' } })
    const fault = takeFault(found.endpoint)
    if (fault?.kind === 'error')
      return reply(res, { status: fault.status, body: fault.body ?? { status: fault.status } })
    if (req.headers['api-key'] !== creds.apiKey || req.headers['secret-key'] !== creds.secretKey) {
      return reply(res, {
        status: 401,
        body: { status: 401, message: 'Unauthorized. Invalid Api-Key or Secret-Key.' },
      })
    }
    let body: Json = {}
    try {
      body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
    } catch {
      return reply(res, { status: 400, body: { status: 400, message: 'Malformed JSON' } })
    }
    const answer = found.handle(body)
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
      res.end('<!DOCTYPE html><title>Just a moment...</title>')
    } else {
      req.socket.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    /** what createSteadfast takes as baseUrl (like STEADFAST_URL, it ends in /api/v1) */
    baseUrl: `${url}${API}`,
    credentials: creds,
    /** by consignment id */
    parcels,
    calls,
    /** every webhook posted, with the status the receiver answered */
    webhooks,
    /** the number's parcels with Steadfast's other merchants, and the fraud reports they filed */
    setHistory(phone: string, history: { delivered: number; cancelled: number; reports?: string[] }) {
      elsewhere.set(phone, { reports: [], ...history })
    },
    /** the next `times` calls to `endpoint` meet `fault` */
    failNext(endpoint: SteadfastEndpoint, fault: Fault, times = 1) {
      faults.push({ endpoint, fault, times })
    },
    /** moves a parcel as Steadfast would, and posts its delivery_status webhook when a webhook URL is set */
    async advance(consignmentId: string, status: SteadfastDeliveryStatus) {
      const parcel = parcels.get(consignmentId)
      if (!parcel) throw new Error(`the fake Steadfast has no consignment ${consignmentId}`)
      parcel.status = status
      parcel.updatedAt = dhakaNow()
      if (!options.webhookUrl) return
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${creds.webhookToken}` },
        body: JSON.stringify({
          notification_type: 'delivery_status',
          consignment_id: parcel.consignmentId,
          invoice: parcel.invoice,
          cod_amount: parcel.codAmount,
          status,
          delivery_charge: 60,
          tracking_message: `Consignment status has been updated as ${status}`,
          updated_at: parcel.updatedAt,
        }),
      }).catch(() => null)
      await response?.body?.cancel()
      webhooks.push({
        type: 'delivery_status',
        consignmentId: parcel.consignmentId,
        status: response?.status ?? 0,
      })
    },
    async close() {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeSteadfast = Awaited<ReturnType<typeof startFakeSteadfast>>

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '0' }, 'webhook-url': { type: 'string' } },
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`fake Steadfast: --port must be a port number, not ${values.port}`)
    process.exit(2)
  }
  const fake = await startFakeSteadfast({ port, webhookUrl: values['webhook-url'] })
  console.log(fake.url)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      fake.close().finally(() => process.exit(0))
    })
  }
}
