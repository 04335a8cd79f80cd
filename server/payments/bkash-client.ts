import { z } from 'zod'

/**
 * bKash Tokenized Checkout (v1.2.0-beta), server side: a token kept and renewed, and the payment calls
 * (create, execute, status, refund), with the paths and fields of developer.bka.sh. Every failure ends in
 * one of two errors, because the caller must act differently on each: BkashRefused (bKash answered no;
 * nothing happened) and BkashUnclear (the money may or may not have moved: ask `status` or `refundStatus`
 * before deciding).
 */
export const BKASH_SANDBOX_URL = 'https://tokenized.sandbox.bka.sh/v1.2.0-beta'

export type BkashCredentials = {
  baseUrl: string
  appKey: string
  appSecret: string
  username: string
  password: string
}
export type BkashClientOptions = BkashCredentials & {
  /** per request, the body included; default 30 s */
  timeoutMs?: number
  /** ms clock that decides when the token is renewed; default Date.now */
  now?: () => number
}

/** what bKash says of a payment (create, execute and status answers share it) */
export type BkashPayment = {
  paymentID: string
  /** 'Initiated' | 'Completed' | 'Failed' | 'Cancelled' | 'Expired' … as bKash words it */
  transactionStatus: string
  /** taka, parsed from bKash's string */
  amount: number
  currency: string
  merchantInvoiceNumber: string
  trxID: string | null
  bkashURL: string | null
  payerReference: string | null
  customerMsisdn: string | null
}
export type BkashRefund = {
  refundTrxID: string
  originalTrxID: string
  transactionStatus: string
  amount: number
  completedTime: string | null
}

/** bKash answered and refused (a documented statusCode other than '0000'): the outcome is known */
export class BkashRefused extends Error {
  constructor(
    readonly statusCode: string,
    readonly statusMessage: string,
  ) {
    super(`bKash refused: ${statusCode} ${statusMessage}`)
    this.name = 'BkashRefused'
  }
}

/** no usable answer (timeout, network error, 5xx, unreadable body): the outcome is unknown — query before deciding */
export class BkashUnclear extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BkashUnclear'
  }
}

export type BkashClient = {
  /** mode '0011' (checkout by URL), currency BDT, intent sale; the amount goes out as '1250.00' */
  create(input: {
    amount: number
    invoice: string
    payerReference: string
    callbackURL: string
  }): Promise<BkashPayment>
  /** takes the money the shopper authorised; never repeated here: on BkashUnclear, ask `status` */
  execute(paymentID: string): Promise<BkashPayment>
  status(paymentID: string): Promise<BkashPayment>
  /** never repeated here either: on BkashUnclear, ask `refundStatus` */
  refund(input: {
    paymentID: string
    trxID: string
    amount: number
    sku: string
    reason: string
  }): Promise<BkashRefund>
  /** the latest refund of the payment; null when there is none */
  refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashRefund | null>
}

/** bKash asks for renewal before the hour is out (around the 55th minute); a short-lived token at half its life */
const RENEW_BEFORE_MS = 5 * 60_000
/** the refund query's answer for a payment with no refund, as bKash's WooCommerce plugin notes */
const NO_REFUND = '2002'

type Token = { id: string; refresh: string; renewAt: number }
type Answer = { status: number; body: Record<string, unknown> }

const amountText = z
  .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().nonnegative()])
  .transform((value) => Number(value))
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value || null)
const codeText = z.union([z.string(), z.number()]).transform(String).optional()

/** both shapes bKash refuses with: statusCode/statusMessage, and errorCode/errorMessage */
const envelope = z.object({
  statusCode: codeText,
  statusMessage: z.string().optional(),
  errorCode: codeText,
  errorMessage: z.string().optional(),
  /** the API gateway's own word, e.g. 401 {"message":"The incoming token has expired"} */
  message: z.string().optional(),
})
const tokenAnswer = z.object({
  id_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
})
const paymentAnswer = z
  .object({
    paymentID: z.string().min(1),
    transactionStatus: z.string().min(1),
    amount: amountText,
    currency: z.string().min(1),
    // the status answer calls it merchantInvoice
    merchantInvoiceNumber: optionalText,
    merchantInvoice: optionalText,
    trxID: optionalText,
    bkashURL: optionalText,
    payerReference: optionalText,
    customerMsisdn: optionalText,
  })
  .refine((answer) => answer.merchantInvoiceNumber ?? answer.merchantInvoice, {
    path: ['merchantInvoiceNumber'],
  })
  .refine((answer) => answer.transactionStatus !== 'Completed' || answer.trxID, { path: ['trxID'] })
const refundAnswer = z.object({
  refundTrxID: z.string().min(1),
  originalTrxID: z.string().min(1),
  transactionStatus: z.string().min(1),
  amount: amountText,
  completedTime: optionalText,
})

export function createBkashClient(options: BkashClientOptions): BkashClient {
  const { appKey, appSecret, username, password } = options
  const base = options.baseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 30_000
  const now = options.now ?? Date.now
  let current: Token | null = null
  let pending: Promise<Token> | null = null
  /** the last few tokens, a replaced one included, for redact */
  const recent: string[] = []

  /** errors may be logged: no credential or token leaves in a message, even one bKash echoed */
  const redact = (text: string) =>
    [appSecret, password, username, appKey, ...recent].reduce(
      (out, secret) => (secret && secret.length >= 4 ? out.split(secret).join('[redacted]') : out),
      text,
    )
  const unclear = (message: string) => new BkashUnclear(redact(message))
  const refused = (code: string, message: string) => new BkashRefused(redact(code), redact(message))

  async function post(name: string, path: string, body: object, headers: Record<string, string>) {
    let status: number
    let text: string
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      const { name: kind, cause } = error as Error & { cause?: { code?: string } }
      if (kind === 'TimeoutError') throw unclear(`bKash ${name}: no answer within ${timeoutMs} ms`)
      throw unclear(`bKash ${name}: no answer (${cause?.code ?? kind})`)
    }
    if (status >= 500) throw unclear(`bKash ${name}: HTTP ${status}`)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw unclear(`bKash ${name}: unreadable answer (HTTP ${status})`)
    }
    if (typeof json !== 'object' || json === null)
      throw unclear(`bKash ${name}: unreadable answer (HTTP ${status})`)
    return { status, body: json as Record<string, unknown> }
  }

  /** the answer's body when bKash said yes; throws otherwise */
  function settle(name: string, answer: Answer): Record<string, unknown> {
    const words = envelope.safeParse(answer.body)
    if (!words.success) throw unclear(`bKash ${name}: unreadable answer (HTTP ${answer.status})`)
    const { statusCode, statusMessage, errorCode, errorMessage, message } = words.data
    if (errorCode) throw refused(errorCode, errorMessage ?? '')
    if (statusCode && statusCode !== '0000') throw refused(statusCode, statusMessage ?? '')
    if (answer.status >= 200 && answer.status < 300) return answer.body
    if (message) throw refused(String(answer.status), message)
    throw unclear(`bKash ${name}: HTTP ${answer.status}`)
  }

  function parsed<T extends z.ZodType>(name: string, schema: T, body: unknown): z.output<T> {
    const result = schema.safeParse(body)
    if (result.success) return result.data
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.')))].join(', ')
    throw unclear(`bKash ${name}: answer without ${fields}`)
  }

  async function tokenCall(name: 'grant' | 'refresh', body: object): Promise<Token> {
    const answer = await post(name, `/tokenized/checkout/token/${name}`, body, { username, password })
    const token = parsed(name, tokenAnswer, settle(name, answer))
    recent.unshift(token.id_token, token.refresh_token)
    recent.length = Math.min(recent.length, 6)
    const lifetime = token.expires_in * 1000
    const renewAt = now() + Math.max(lifetime - RENEW_BEFORE_MS, lifetime / 2)
    return { id: token.id_token, refresh: token.refresh_token, renewAt }
  }

  async function acquire(previous: Token | null): Promise<Token> {
    if (previous) {
      try {
        return await tokenCall('refresh', {
          app_key: appKey,
          app_secret: appSecret,
          refresh_token: previous.refresh,
        })
      } catch {
        // a refused or lost refresh changes nothing on bKash's side: a new grant still works
      }
    }
    return tokenCall('grant', { app_key: appKey, app_secret: appSecret })
  }

  /** bKash limits grants and refreshes per hour: every caller waits on the same one */
  function token(): Promise<Token> {
    if (current && now() < current.renewAt) return Promise.resolve(current)
    if (!pending) {
      pending = acquire(current)
        .then((fresh) => {
          current = fresh
          return fresh
        })
        .finally(() => {
          pending = null
        })
    }
    return pending
  }

  /**
   * The gateway turns a stale token away before bKash sees the request, so the call can be made again
   * once, with a new grant, even execute and refund.
   */
  function staleToken(answer: Answer): boolean {
    if (answer.status === 401) return true
    const { message, statusMessage, errorMessage } = envelope.safeParse(answer.body).data ?? {}
    const words = `${message ?? ''} ${statusMessage ?? ''} ${errorMessage ?? ''}`
    return /token/i.test(words) && /expired|invalid/i.test(words)
  }

  async function call(name: string, path: string, body: object): Promise<Record<string, unknown>> {
    for (let attempt = 1; ; attempt++) {
      const used = await token()
      const answer = await post(name, path, body, { authorization: used.id, 'x-app-key': appKey })
      if (attempt === 1 && staleToken(answer)) {
        if (current === used) current = null
        continue
      }
      return settle(name, answer)
    }
  }

  function payment(name: string, body: unknown, paymentID?: string): BkashPayment {
    const answer = parsed(name, paymentAnswer, body)
    if (paymentID && answer.paymentID !== paymentID)
      throw unclear(`bKash ${name}: answer for another payment`)
    return {
      paymentID: answer.paymentID,
      transactionStatus: answer.transactionStatus,
      amount: answer.amount,
      currency: answer.currency,
      merchantInvoiceNumber: answer.merchantInvoiceNumber ?? answer.merchantInvoice ?? '',
      trxID: answer.trxID,
      bkashURL: answer.bkashURL,
      payerReference: answer.payerReference,
      customerMsisdn: answer.customerMsisdn,
    }
  }

  const refundOf = (name: string, body: unknown): BkashRefund => parsed(name, refundAnswer, body)

  return {
    async create({ amount, invoice, payerReference, callbackURL }) {
      if (!Number.isFinite(amount) || amount <= 0)
        throw new RangeError(`bKash amount must be positive: ${amount}`)
      const body = await call('create', '/tokenized/checkout/create', {
        mode: '0011',
        payerReference,
        callbackURL,
        amount: amount.toFixed(2),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: invoice,
      })
      const created = payment('create', body)
      if (!created.bkashURL) throw unclear('bKash create: answer without bkashURL')
      return { ...created, payerReference: created.payerReference ?? payerReference }
    },
    async execute(paymentID) {
      return payment(
        'execute',
        await call('execute', '/tokenized/checkout/execute', { paymentID }),
        paymentID,
      )
    },
    async status(paymentID) {
      return payment(
        'status',
        await call('status', '/tokenized/checkout/payment/status', { paymentID }),
        paymentID,
      )
    },
    async refund({ paymentID, trxID, amount, sku, reason }) {
      if (!Number.isFinite(amount) || amount <= 0)
        throw new RangeError(`bKash refund must be positive: ${amount}`)
      const body = await call('refund', '/tokenized/checkout/payment/refund', {
        paymentID,
        amount: amount.toFixed(2),
        trxID,
        sku,
        reason,
      })
      return refundOf('refund', body)
    },
    async refundStatus({ paymentID, trxID }) {
      try {
        return refundOf(
          'refund status',
          await call('refund status', '/tokenized/checkout/payment/refund', { paymentID, trxID }),
        )
      } catch (error) {
        if (error instanceof BkashRefused && error.statusCode === NO_REFUND) return null
        throw error
      }
    },
  }
}
