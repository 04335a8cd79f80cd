import { z } from 'zod'
import {
  type Booking,
  type Courier,
  type CourierAnswer,
  CourierRefused,
  type CourierStatus,
  CourierUnclear,
  type CourierUpdate,
  callCourier,
  dhakaTime,
  fieldErrors,
  firstFieldMessage,
  headerValue,
  inTurns,
  type Parcel,
  sameSecret,
  scrub,
} from './courier'

// Pathao Courier's merchant API ("aladdin", OAuth2 password grant), as its developer page and the official
// WooCommerce plugin describe it: https://merchant.pathao.com/courier/developer-api

export const PATHAO_URL = 'https://api-hermes.pathao.com'
export const PATHAO_SANDBOX_URL = 'https://courier-api-sandbox.pathao.com'

/**
 * What every webhook answer must carry: Pathao's webhook form checks for status 202 and this header with this
 * value (shown on the form, the same for every merchant) before it enables the webhook.
 */
export const PATHAO_WEBHOOK_REPLY = {
  status: 202,
  headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': 'f3992ecc-59da-4cbe-a049-a13da2018d51' },
} as const

/** Pathao's test call when a webhook is saved (`{ event: "webhook_integration" }`): no parcel, answer PATHAO_WEBHOOK_REPLY. */
export function isPathaoHandshake(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { event?: unknown }).event === 'webhook_integration'
  )
}

const API = '/aladdin/api/v1'
const NORMAL_DELIVERY = 48
const PARCEL = 2
/** Pathao takes 0.5 to 10 kg and charges lighter parcels as 0.5 kg */
const MIN_WEIGHT_KG = 0.5
const DAY_MS = 86_400_000

/**
 * Pathao's order statuses (`order_status_slug`, e.g. "Pickup_Requested") and webhook events (e.g.
 * "order.pickup-requested") share their words once lower-cased, so one table reads both.
 */
const STATUSES: Record<string, CourierStatus> = {
  pending: 'booked',
  created: 'booked',
  pickup_requested: 'booked',
  assigned_for_pickup: 'booked',
  picked: 'in_transit',
  at_the_sorting_hub: 'in_transit',
  at_sorting_hub: 'in_transit',
  in_transit: 'in_transit',
  received_at_last_mile_hub: 'in_transit',
  assigned_for_delivery: 'in_transit',
  delivered: 'delivered',
  exchange: 'delivered',
  exchanged: 'delivered',
  partial_delivery: 'partly_delivered',
  return: 'returned',
  returned: 'returned',
  paid_return: 'returned',
  return_id_created: 'returned',
  return_in_transit: 'returned',
  returned_to_merchant: 'returned',
  pickup_cancelled: 'cancelled',
  // the parcel is stuck and someone must act (call the shopper, hand it over again)
  pickup_failed: 'on_hold',
  delivery_failed: 'on_hold',
  on_hold: 'on_hold',
  // an edit or a payment invoice says nothing about where the parcel is
  updated: 'unknown',
  paid: 'unknown',
  payment_invoice: 'unknown',
}

export function pathaoStatus(raw: string): CourierStatus {
  const word = raw
    .trim()
    .toLowerCase()
    .replace(/^order\./, '')
    .replace(/[\s-]+/g, '_')
  return STATUSES[word] ?? 'unknown'
}

const id = z.union([z.string().min(1), z.number()]).transform(String)
const inData = <T extends z.ZodType>(data: T) => z.object({ data })
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  expires_in: z.number().positive(),
})
const orderAnswer = inData(
  z.object({ consignment_id: id, order_status: z.string(), delivery_fee: z.coerce.number().nullish() }),
)
const infoAnswer = inData(
  z.object({
    consignment_id: id,
    merchant_order_id: z.string().nullish(),
    order_status: z.string().nullish(),
    order_status_slug: z.string().nullish(),
    updated_at: z.string().nullish(),
  }),
)
const priceAnswer = inData(z.object({ final_price: z.coerce.number() }))
const listOf = <T extends z.ZodRawShape>(shape: T) => inData(z.object({ data: z.array(z.object(shape)) }))
const cityList = listOf({ city_id: z.number(), city_name: z.string() })
const zoneList = listOf({ zone_id: z.number(), zone_name: z.string() })
const areaList = listOf({ area_id: z.number(), area_name: z.string() })
const failure = z.object({ message: z.string().optional(), errors: z.unknown().optional() })
const webhookBody = z.object({
  event: z.string(),
  consignment_id: id,
  merchant_order_id: z.string().nullish(),
  updated_at: z.string().nullish(),
  timestamp: z.string().nullish(),
})

export type PathaoOptions = {
  baseUrl: string
  clientId: string
  clientSecret: string
  username: string
  password: string
  storeId: number
  webhookSecret: string
  timeoutMs?: number
  now?: () => number
  /**
   * Pathao has no lookup by merchant_order_id: the only word of a booking whose answer was lost is its
   * `order.created` webhook. This reads the consignment id our own records took from it, for findByInvoice.
   */
  bookedConsignment?: (invoice: string) => Promise<string | null>
}

type Token = { access: string; refresh: string | null; issuedAt: number; expiresAt: number }

export function createPathao(options: PathaoOptions): Courier {
  const now = options.now ?? Date.now
  const base = `${options.baseUrl.replace(/\/+$/, '')}${API}`
  const secrets = [options.clientSecret, options.password, options.webhookSecret, options.clientId]
  const hide = (text: string) => scrub(text, secrets)

  const send = (method: 'GET' | 'POST', path: string, json: unknown, bearer: string | null) =>
    callCourier({
      courier: 'Pathao',
      method,
      url: `${base}${path}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      json,
      timeoutMs: options.timeoutMs ?? 15_000,
    })

  const refused = (answer: CourierAnswer, what: string) => {
    const parsed = failure.safeParse(answer.body)
    const fields = parsed.success ? fieldErrors(parsed.data.errors, secrets) : {}
    const said = firstFieldMessage(fields) ?? (parsed.success ? parsed.data.message : undefined)
    return new CourierRefused(
      hide(`Pathao refused ${what} (${answer.status})${said ? `: ${said}` : ''}`),
      fields,
    )
  }
  const read = <T>(schema: z.ZodType<T>, answer: CourierAnswer, what: string): T => {
    const parsed = schema.safeParse(answer.body)
    if (!parsed.success) throw new CourierUnclear(`Pathao answered ${what} in a shape we cannot read`)
    return parsed.data
  }

  // One token per process, renewed by its refresh token before it runs out; calls made meanwhile wait for
  // the same renewal rather than each asking for a token of their own.
  let token: Token | null = null
  let renewing: Promise<Token> | null = null

  const issue = async (grant: Record<string, string>): Promise<Token> => {
    const issuedAt = now()
    const answer = await send(
      'POST',
      '/issue-token',
      { client_id: options.clientId, client_secret: options.clientSecret, ...grant },
      null,
    )
    if (answer.status >= 300) throw refused(answer, 'our API credentials')
    const body = read(tokenAnswer, answer, 'the token request')
    return {
      access: body.access_token,
      refresh: body.refresh_token ?? null,
      issuedAt,
      expiresAt: issuedAt + body.expires_in * 1000,
    }
  }
  const renew = async (old: Token | null): Promise<Token> => {
    if (old?.refresh && now() < old.expiresAt) {
      try {
        return await issue({ grant_type: 'refresh_token', refresh_token: old.refresh })
      } catch (error) {
        // the old token still works: use it and try the refresh again on a later call
        if (error instanceof CourierUnclear) return old
      }
    }
    return issue({ grant_type: 'password', username: options.username, password: options.password })
  }
  const fresh = (t: Token) => now() < t.expiresAt - Math.min((t.expiresAt - t.issuedAt) / 10, DAY_MS)
  const accessToken = async (): Promise<string> => {
    if (token && fresh(token)) return token.access
    renewing ??= renew(token)
      .then((t) => {
        token = t
        return t
      })
      .finally(() => {
        renewing = null
      })
    return (await renewing).access
  }

  /** A call with the token; a 401 means it was revoked, so one more try with a new one (nothing was done). */
  const api = async (method: 'GET' | 'POST', path: string, json?: unknown) => {
    const first = await accessToken()
    const answer = await send(method, path, json, first)
    if (answer.status !== 401) return answer
    if (token?.access === first) token = null
    return send(method, path, json, await accessToken())
  }

  const orderBody = (parcel: Parcel) => ({
    store_id: options.storeId,
    merchant_order_id: parcel.invoice,
    recipient_name: parcel.recipientName,
    recipient_phone: parcel.recipientPhone,
    recipient_address: parcel.address,
    // without them Pathao guesses the place from the address; a null would be refused, so they are left out
    ...(parcel.place && { recipient_city: parcel.place.cityId, recipient_zone: parcel.place.zoneId }),
    ...(parcel.place?.areaId != null && { recipient_area: parcel.place.areaId }),
    delivery_type: NORMAL_DELIVERY,
    item_type: PARCEL,
    ...(parcel.note && { special_instruction: parcel.note }),
    item_quantity: parcel.quantity,
    item_weight: Math.max(MIN_WEIGHT_KG, parcel.weightKg),
    amount_to_collect: parcel.codAmount,
    ...(parcel.description && { item_description: parcel.description }),
  })

  const book = async (parcel: Parcel): Promise<Booking> => {
    const answer = await api('POST', '/orders', orderBody(parcel))
    if (answer.status >= 300) throw refused(answer, `parcel ${parcel.invoice}`)
    const { data } = read(orderAnswer, answer, `the booking of ${parcel.invoice}`)
    return {
      consignmentId: data.consignment_id,
      // Pathao tracks a parcel by its consignment id
      trackingCode: data.consignment_id,
      fee: data.delivery_fee ?? null,
      status: pathaoStatus(data.order_status),
      raw: data.order_status,
    }
  }

  const status = async (consignmentId: string): Promise<CourierUpdate> => {
    const answer = await api('GET', `/orders/${encodeURIComponent(consignmentId)}/info`)
    if (answer.status >= 300) throw refused(answer, `to show consignment ${consignmentId}`)
    const { data } = read(infoAnswer, answer, `the info of ${consignmentId}`)
    const raw = data.order_status_slug ?? data.order_status ?? 'unknown'
    return {
      consignmentId: data.consignment_id,
      invoice: data.merchant_order_id ?? null,
      status: pathaoStatus(raw),
      raw,
      at: dhakaTime(data.updated_at),
    }
  }

  const list = async <T>(path: string, schema: z.ZodType<{ data: { data: T[] } }>) => {
    const answer = await api('GET', path)
    if (answer.status >= 300) throw refused(answer, `the list ${path}`)
    return read(schema, answer, path).data.data
  }

  return {
    name: 'pathao',
    book,
    // Pathao's bulk endpoint only says "accepted" (202) and creates the orders later, without their consignment
    // ids; one call per parcel gives each parcel its own answer.
    async bookMany(parcels) {
      return inTurns(parcels, 4, async (parcel) => {
        try {
          return { invoice: parcel.invoice, booking: await book(parcel) }
        } catch (error) {
          if (error instanceof CourierRefused || error instanceof CourierUnclear) {
            return { invoice: parcel.invoice, error: error.message }
          }
          throw error
        }
      })
    },
    status,
    async findByInvoice(invoice) {
      const consignmentId = options.bookedConsignment ? await options.bookedConsignment(invoice) : null
      if (!consignmentId) {
        throw new CourierUnclear(
          `Pathao cannot look parcels up by merchant_order_id, and no order.created webhook has named ${invoice} yet`,
        )
      }
      const update = await status(consignmentId)
      return { consignmentId, trackingCode: consignmentId, fee: null, status: update.status, raw: update.raw }
    },
    trackingUrl(booking, phone) {
      const query = new URLSearchParams({ consignment_id: booking.consignmentId, phone })
      return `https://merchant.pathao.com/tracking?${query}`
    },
    // Pathao sends the webhook secret itself in X-PATHAO-Signature (what its own WooCommerce plugin checks)
    webhook(headers, body) {
      const signature = headerValue(headers, 'x-pathao-signature')
      if (!signature || !sameSecret(signature, options.webhookSecret)) return null
      const parsed = webhookBody.safeParse(body)
      if (!parsed.success) return null
      const event = parsed.data
      return {
        consignmentId: event.consignment_id,
        invoice: event.merchant_order_id ?? null,
        status: pathaoStatus(event.event),
        raw: event.event,
        at: dhakaTime(event.timestamp) ?? dhakaTime(event.updated_at),
      }
    },
    async price({ place, weightKg }) {
      const answer = await api('POST', '/merchant/price-plan', {
        store_id: options.storeId,
        item_type: PARCEL,
        delivery_type: NORMAL_DELIVERY,
        item_weight: Math.max(MIN_WEIGHT_KG, weightKg),
        recipient_city: place.cityId,
        recipient_zone: place.zoneId,
      })
      if (answer.status >= 300) throw refused(answer, 'the price plan')
      return read(priceAnswer, answer, 'the price plan').data.final_price
    },
    places: {
      async cities() {
        const cities = await list('/city-list', cityList)
        return cities.map((c) => ({ id: c.city_id, name: c.city_name.trim() }))
      },
      async zones(cityId) {
        const zones = await list(`/cities/${cityId}/zone-list`, zoneList)
        return zones.map((z) => ({ id: z.zone_id, name: z.zone_name.trim() }))
      },
      async areas(zoneId) {
        const areas = await list(`/zones/${zoneId}/area-list`, areaList)
        return areas.map((a) => ({ id: a.area_id, name: a.area_name.trim() }))
      },
    },
  }
}
