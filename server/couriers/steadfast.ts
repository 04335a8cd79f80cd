import { z } from 'zod'
import {
  type Booking,
  type Courier,
  type CourierAnswer,
  CourierRefused,
  type CourierStatus,
  CourierUnclear,
  callCourier,
  dhakaTime,
  fieldErrors,
  firstFieldMessage,
  headerValue,
  type Parcel,
  sameSecret,
  scrub,
} from './courier'

// Steadfast Courier's API v1 (Api-Key and Secret-Key headers on every call), as its published API document
// and its webhook page describe it.

export const STEADFAST_URL = 'https://portal.packzy.com/api/v1'

/** the documented most a bulk call takes */
const BULK_LIMIT = 500

const STATUSES: Record<string, CourierStatus> = {
  in_review: 'booked',
  // accepted after review, not yet delivered or cancelled: on its way
  pending: 'in_transit',
  delivered_approval_pending: 'delivered',
  delivered: 'delivered',
  partial_delivered_approval_pending: 'partly_delivered',
  partial_delivered: 'partly_delivered',
  cancelled_approval_pending: 'cancelled',
  cancelled: 'cancelled',
  hold: 'on_hold',
  unknown_approval_pending: 'unknown',
  unknown: 'unknown',
}

/** The webhook example writes "Delivered" where the API writes "delivered": case does not matter. */
export function steadfastStatus(raw: string): CourierStatus {
  return STATUSES[raw.trim().toLowerCase().replace(/\s+/g, '_')] ?? 'unknown'
}

const id = z.union([z.string().min(1), z.number()]).transform(String)
const created = z.object({
  consignment: z.object({ consignment_id: id, tracking_code: z.string().min(1), status: z.string() }),
})
const bulkItem = z.object({
  invoice: z.union([z.string(), z.number()]).transform(String),
  consignment_id: id.nullish(),
  tracking_code: z.string().nullish(),
  status: z.string(),
  error: z.string().nullish(),
  message: z.string().nullish(),
})
// the document shows a bare array when every parcel is booked and `{ data: [...] }` when one is not
const bulkAnswer = z
  .union([z.array(bulkItem), z.object({ data: z.array(bulkItem) })])
  .transform((answer) => (Array.isArray(answer) ? answer : answer.data))
const statusAnswer = z.object({
  delivery_status: z.string(),
  // not in the document's example; read when present
  consignment_id: id.nullish(),
  tracking_code: z.string().nullish(),
})
/** `GET /fraud_check/{phone}`: counts (numbers or numeric text), and the merchants' fraud reports */
const count = z.coerce.number().int().min(0)
const fraudAnswer = z.object({
  total_parcels: count,
  total_delivered: count,
  total_cancelled: count,
  total_fraud_reports: z.union([z.array(z.unknown()), count]).optional(),
})

const failure = z.object({
  status: z.number().optional(),
  message: z.string().optional(),
  errors: z.unknown().optional(),
})
const webhookBody = z.object({
  notification_type: z.string(),
  consignment_id: id,
  invoice: z.union([z.string(), z.number()]).transform(String).nullish(),
  status: z.string().nullish(),
  tracking_message: z.string().nullish(),
  updated_at: z.string().nullish(),
})

export type SteadfastOptions = {
  baseUrl: string
  apiKey: string
  secretKey: string
  /** the "Auth Token (Bearer)" typed on Steadfast's webhook page; without it no webhook is believed */
  webhookToken?: string
  timeoutMs?: number
}

export function createSteadfast(options: SteadfastOptions): Courier {
  const base = options.baseUrl.replace(/\/+$/, '')
  const secrets = [options.apiKey, options.secretKey, options.webhookToken ?? '']
  const hide = (text: string) => scrub(text, secrets)

  const send = (method: 'GET' | 'POST', path: string, json?: unknown) =>
    callCourier({
      courier: 'Steadfast',
      method,
      url: `${base}${path}`,
      headers: { 'Api-Key': options.apiKey, 'Secret-Key': options.secretKey },
      json,
      timeoutMs: options.timeoutMs ?? 15_000,
    })

  /** Steadfast repeats the outcome in the body's `status`, and a refusal may come with HTTP 200. */
  const refusal = (answer: CourierAnswer, what: string): CourierRefused | null => {
    const parsed = failure.safeParse(answer.body)
    const said = parsed.success ? parsed.data : {}
    const bodyStatus = said.status ?? 200
    if (answer.status < 300 && bodyStatus < 300 && said.errors == null) return null
    const fields = fieldErrors(said.errors, secrets)
    const reason = firstFieldMessage(fields) ?? said.message
    const code = answer.status < 300 ? bodyStatus : answer.status
    return new CourierRefused(
      hide(`Steadfast refused ${what} (${code})${reason ? `: ${reason}` : ''}`),
      fields,
    )
  }
  const read = <T>(schema: z.ZodType<T>, answer: CourierAnswer, what: string): T => {
    const parsed = schema.safeParse(answer.body)
    if (!parsed.success) throw new CourierUnclear(`Steadfast answered ${what} in a shape we cannot read`)
    return parsed.data
  }
  const notFound = (answer: CourierAnswer) =>
    answer.status === 404 || (failure.safeParse(answer.body).data?.status ?? 0) === 404

  const orderBody = (parcel: Parcel) => ({
    invoice: parcel.invoice,
    recipient_name: parcel.recipientName,
    recipient_phone: parcel.recipientPhone,
    recipient_address: parcel.address,
    cod_amount: parcel.codAmount,
    ...(parcel.note && { note: parcel.note }),
    ...(parcel.description && { item_description: parcel.description }),
    total_lot: parcel.quantity,
  })

  const bookChunk = async (chunk: Parcel[]) => {
    let items: z.infer<typeof bulkAnswer>
    try {
      // the document (and Steadfast's own Laravel package) sends `data` as a JSON-encoded string
      const answer = await send('POST', '/create_order/bulk-order', {
        data: JSON.stringify(chunk.map(orderBody)),
      })
      const no = refusal(answer, 'the bulk booking')
      if (no) throw no
      items = read(bulkAnswer, answer, 'the bulk booking')
    } catch (error) {
      if (error instanceof CourierRefused || error instanceof CourierUnclear) {
        return chunk.map((parcel) => ({ invoice: parcel.invoice, error: error.message }))
      }
      throw error
    }
    const unmatched = [...items]
    return chunk.map((parcel) => {
      const at = unmatched.findIndex((item) => item.invoice === parcel.invoice)
      const item = at >= 0 ? unmatched.splice(at, 1)[0] : undefined
      if (!item) {
        return {
          invoice: parcel.invoice,
          error: 'Steadfast said nothing of this parcel: look it up by invoice before booking it again',
        }
      }
      if (item.status === 'success' && item.consignment_id && item.tracking_code) {
        const booking: Booking = {
          consignmentId: item.consignment_id,
          trackingCode: item.tracking_code,
          fee: null,
          status: 'booked',
          raw: item.status,
        }
        return { invoice: parcel.invoice, booking }
      }
      const reason = item.error ?? item.message
      return {
        invoice: parcel.invoice,
        error: hide(
          reason
            ? `Steadfast refused the parcel: ${reason}`
            : 'Steadfast refused the parcel (a bulk answer gives no reason: book it alone to see why)',
        ),
      }
    })
  }

  return {
    name: 'steadfast',
    async book(parcel) {
      const answer = await send('POST', '/create_order', orderBody(parcel))
      const no = refusal(answer, `parcel ${parcel.invoice}`)
      if (no) throw no
      const { consignment } = read(created, answer, `the booking of ${parcel.invoice}`)
      return {
        consignmentId: consignment.consignment_id,
        trackingCode: consignment.tracking_code,
        fee: null,
        status: steadfastStatus(consignment.status),
        raw: consignment.status,
      }
    },
    async bookMany(parcels) {
      const results = []
      for (let start = 0; start < parcels.length; start += BULK_LIMIT) {
        results.push(...(await bookChunk(parcels.slice(start, start + BULK_LIMIT))))
      }
      return results
    },
    async status(consignmentId) {
      const answer = await send('GET', `/status_by_cid/${encodeURIComponent(consignmentId)}`)
      const no = refusal(answer, `to show consignment ${consignmentId}`)
      if (no) throw no
      const body = read(statusAnswer, answer, `the status of ${consignmentId}`)
      return {
        consignmentId,
        invoice: null,
        status: steadfastStatus(body.delivery_status),
        raw: body.delivery_status,
        at: null,
      }
    },
    /**
     * The documented answer holds only the delivery status: the ids stay empty unless Steadfast adds them.
     * A second booking under the same invoice is refused anyway, so a lost answer never doubles a parcel.
     */
    async findByInvoice(invoice) {
      const answer = await send('GET', `/status_by_invoice/${encodeURIComponent(invoice)}`)
      if (notFound(answer)) return null
      const no = refusal(answer, `to show invoice ${invoice}`)
      if (no) throw no
      const body = read(statusAnswer, answer, `the status of invoice ${invoice}`)
      return {
        consignmentId: body.consignment_id ?? '',
        trackingCode: body.tracking_code ?? '',
        fee: null,
        status: steadfastStatus(body.delivery_status),
        raw: body.delivery_status,
      }
    },
    async fraudCheck(phone) {
      const answer = await send('GET', `/fraud_check/${encodeURIComponent(phone)}`)
      const no = refusal(answer, `the record of ${phone}`)
      if (no) throw no
      const body = read(fraudAnswer, answer, `the record of ${phone}`)
      const reports = body.total_fraud_reports
      return {
        total: body.total_parcels,
        delivered: body.total_delivered,
        cancelled: body.total_cancelled,
        reports: Array.isArray(reports) ? reports.length : (reports ?? 0),
      }
    },
    trackingUrl(booking) {
      return `https://steadfast.com.bd/t/${encodeURIComponent(booking.trackingCode)}`
    },
    webhook(headers, body) {
      const token = options.webhookToken
      const presented = headerValue(headers, 'authorization')?.replace(/^Bearer\s+/i, '')
      if (!token || !presented || !sameSecret(presented, token)) return null
      const parsed = webhookBody.safeParse(body)
      if (!parsed.success) return null
      const note = parsed.data
      const statusWord = note.notification_type === 'delivery_status' ? note.status : null
      return {
        consignmentId: note.consignment_id,
        invoice: note.invoice ?? null,
        // a tracking update is a free-text line ("arrived at the sorting centre"), not a status
        status: statusWord ? steadfastStatus(statusWord) : 'unknown',
        raw: statusWord ?? note.tracking_message ?? note.notification_type,
        at: dhakaTime(note.updated_at),
      }
    },
  }
}
