import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * bKash Tokenized Checkout (v1.2.0-beta) on loopback, for server tests and Playwright: the API under
 * `/v1.2.0-beta/tokenized/checkout/…` with bKash's fields, codes and gateway answers, and the hosted page
 * the shopper pays on. Money moves only on execute, once; faults make the next calls fail as a real
 * gateway does, including answering too late after the work is done.
 */
export const FAKE_BKASH_CREDENTIALS = {
  appKey: 'fake-app-key-4f6o0cjiki2rfm',
  appSecret: 'fake-app-secret-2is7hdktrekvrb',
  username: 'fakeTokenizedUser01',
  password: 'fakeTokenizedUser01@12345',
}

/** The server's settings for bKash pointed at a running fake (`baseUrl`), with a short timeout for tests. */
export const fakeBkashConfig = (baseUrl: string) => ({
  BKASH_BASE_URL: baseUrl,
  BKASH_APP_KEY: FAKE_BKASH_CREDENTIALS.appKey,
  BKASH_APP_SECRET: FAKE_BKASH_CREDENTIALS.appSecret,
  BKASH_USERNAME: FAKE_BKASH_CREDENTIALS.username,
  BKASH_PASSWORD: FAKE_BKASH_CREDENTIALS.password,
  BKASH_TIMEOUT_MS: 500,
})

/** The bKash payment a pay page's address is for (its `paymentID`), '' when none. */
export const paymentIdOf = (url: string | null) =>
  new URL(url ?? 'http://none').searchParams.get('paymentID') ?? ''

const VERSION = '/v1.2.0-beta'
const PAGE = '/redirect/tokenized/'

export type FakeBkashOptions = {
  /** 0 = any */
  port?: number
  appKey?: string
  appSecret?: string
  username?: string
  password?: string
  /** default 3600, as bKash's */
  tokenLifetimeSeconds?: number
  /** an unexecuted payment expires after this; default 24 h, as bKash's */
  paymentLifetimeSeconds?: number
}

export type FakeRefund = {
  refundTrxID: string
  amount: string
  sku: string
  reason: string
  completedTime: string
}
export type FakePayment = {
  paymentID: string
  /** as the merchant sent it, a string like bKash keeps it */
  amount: string
  currency: string
  intent: string
  mode: string
  merchantInvoiceNumber: string
  payerReference: string
  callbackURL: string
  createdAt: number
  /** what status answers; stays Initiated between the shopper's confirmation and execute */
  status: 'Initiated' | 'Completed' | 'Failed' | 'Cancelled' | 'Expired'
  /** the shopper confirmed on the hosted page: execute may take the money */
  authorised: boolean
  customerMsisdn: string | null
  trxID: string | null
  executedAt: number | null
  executeCalls: number
  /** executes that took the money: 0 or 1, never more */
  charges: number
  refunds: FakeRefund[]
  hash: string
  signature: string
}

type Endpoint = 'grant' | 'refresh' | 'create' | 'execute' | 'status' | 'refund'
type Fault =
  | { kind: 'timeout'; ms: number }
  | { kind: 'error'; statusCode: string; statusMessage: string }
  | { kind: 'http500' }
  | { kind: 'garbage' }
  | { kind: 'drop' }
type Outcome = 'success' | 'failure' | 'cancel'
type Answer = { status: number; body: Record<string, unknown> }

export type FakeBkash = {
  /** http://127.0.0.1:PORT */
  url: string
  /** `${url}/v1.2.0-beta`, the client's baseUrl */
  baseUrl: string
  payments: Map<string, FakePayment>
  /** every API call received, its path under baseUrl: count grants, executes … */
  calls: { path: string; at: number }[]
  /**
   * What the next matching calls do. 'timeout' holds the answer for `ms`, the work done (a gateway that
   * answers too late); 'garbage' (an unreadable body) and 'drop' (the socket destroyed) lose the answer
   * after the work too; 'error' (a documented statusCode) and 'http500' answer before doing anything.
   */
  failNext(endpoint: Endpoint, fault: Fault, times?: number): void
  /** the shopper on bKash's page without a browser: answers the callback URL the browser would be sent to */
  pay(paymentID: string, outcome: Outcome): string
  /** every issued token becomes invalid now */
  expireTokens(): void
  close(): Promise<void>
}

const routes: Record<string, Endpoint> = {
  '/tokenized/checkout/token/grant': 'grant',
  '/tokenized/checkout/token/refresh': 'refresh',
  '/tokenized/checkout/create': 'create',
  '/tokenized/checkout/execute': 'execute',
  '/tokenized/checkout/payment/status': 'status',
  '/tokenized/checkout/payment/refund': 'refund',
}

/** bKash's codes (developer.bka.sh error list), with its words */
const refusals = {
  appKey: ['2001', 'Invalid App Key'],
  paymentID: ['2002', 'Invalid Payment ID'],
  amount: ['2006', 'Invalid amount'],
  currency: ['2007', 'Invalid currency'],
  intent: ['2008', 'Invalid intent'],
  body: ['2025', 'Invalid request body'],
  overRefund: ['2026', 'The reversal amount cannot be greater than the original transaction amount'],
  noTransaction: ['2028', 'Reverse failed because the transaction serial number does not exist'],
  invoice: ['2031', 'Invalid merchant invoice number'],
  refunded: ['2034', 'The transaction cannot be reversed because the original transaction has been reversed'],
  payerReference: ['2048', 'Invalid Payer Reference'],
  callbackURL: ['2049', 'Invalid Merchant Callback URL'],
  paymentState: ['2056', 'Invalid Payment State'],
  mode: ['2063', 'Mode is not valid as per request data'],
  missing: ['2065', 'Mendatory field missing'],
  executed: ['2117', 'The payment execution has already been completed'],
  username: ['9999', 'Username does not exist'],
  password: ['9999', 'Invalid username or password'],
  refreshToken: ['9999', 'Invalid refresh token'],
} as const

const ok = (body: Record<string, unknown>): Answer => ({
  status: 200,
  body: { statusCode: '0000', statusMessage: 'Successful', ...body },
})
const refuse = ([statusCode, statusMessage]: readonly [string, string]): Answer => ({
  status: 200,
  body: { statusCode, statusMessage },
})
/** bKash's ids: ten upper-case letters and digits, like 6H7801QFYM */
const trxId = () =>
  randomBytes(10)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '7')
    .slice(0, 10)
const paisa = (amount: string) => Math.round(Number(amount) * 100)
const taka = (paisaAmount: number) => (paisaAmount / 100).toFixed(2)
/** "2023-01-23T15:53:29:120 GMT+0600", bKash's way of writing a time */
const bkashTime = (ms: number) => {
  const dhaka = new Date(ms + 6 * 3_600_000).toISOString()
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`
}
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const html = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body: string, type = 'application/json') {
  if (response.destroyed || response.writableEnded) return
  response.writeHead(status, { 'content-type': `${type}; charset=utf-8` })
  response.end(body)
}

export async function startFakeBkash(options: FakeBkashOptions = {}): Promise<FakeBkash> {
  const merchant = {
    appKey: options.appKey ?? FAKE_BKASH_CREDENTIALS.appKey,
    appSecret: options.appSecret ?? FAKE_BKASH_CREDENTIALS.appSecret,
    username: options.username ?? FAKE_BKASH_CREDENTIALS.username,
    password: options.password ?? FAKE_BKASH_CREDENTIALS.password,
  }
  const tokenLifetime = (options.tokenLifetimeSeconds ?? 3600) * 1000
  const paymentLifetime = (options.paymentLifetimeSeconds ?? 24 * 3600) * 1000
  const payments = new Map<string, FakePayment>()
  const calls: FakeBkash['calls'] = []
  const faults = new Map<Endpoint, Fault[]>()
  /** id and refresh tokens, with when each stops working */
  const idTokens = new Map<string, number>()
  const refreshTokens = new Map<string, number>()
  const held = new Set<NodeJS.Timeout>()
  let url = ''

  /** what time has done to a payment since it was last looked at */
  function current(paymentID: unknown): FakePayment | undefined {
    const payment = typeof paymentID === 'string' ? payments.get(paymentID) : undefined
    if (payment?.status === 'Initiated' && Date.now() > payment.createdAt + paymentLifetime)
      payment.status = 'Expired'
    return payment
  }

  function issueTokens(): Answer {
    const idToken = `eyJ${randomBytes(32).toString('base64url')}`
    const refreshToken = `eyJ${randomBytes(32).toString('base64url')}`
    idTokens.set(idToken, Date.now() + tokenLifetime)
    refreshTokens.set(refreshToken, Date.now() + 28 * 24 * 3_600_000)
    return ok({
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: tokenLifetime / 1000,
      refresh_token: refreshToken,
    })
  }

  function merchantRefusal(
    headers: IncomingMessage['headers'],
    body: Record<string, unknown>,
  ): Answer | null {
    if (headers.username !== merchant.username) return refuse(refusals.username)
    if (headers.password !== merchant.password) return refuse(refusals.password)
    if (body.app_key !== merchant.appKey || body.app_secret !== merchant.appSecret)
      return refuse(refusals.appKey)
    return null
  }

  /** the API gateway's checks, before bKash sees the request: its own status codes and words */
  function gatewayRefusal(headers: IncomingMessage['headers']): Answer | null {
    const token = headers.authorization?.replace(/^Bearer /, '')
    const expiresAt = token ? idTokens.get(token) : undefined
    if (expiresAt === undefined) return { status: 401, body: { message: 'Unauthorized' } }
    if (expiresAt <= Date.now()) return { status: 401, body: { message: 'The incoming token has expired' } }
    if (headers['x-app-key'] !== merchant.appKey) return { status: 403, body: { message: 'Forbidden' } }
    return null
  }

  function create(body: Record<string, unknown>): Answer {
    const { mode, payerReference, callbackURL, amount, currency, intent, merchantInvoiceNumber } = body
    const fields = [mode, payerReference, callbackURL, amount, currency, intent, merchantInvoiceNumber]
    if (fields.some((field) => typeof field !== 'string' || field === '')) return refuse(refusals.missing)
    if (mode !== '0011') return refuse(refusals.mode)
    if (!/^\d+(\.\d{1,2})?$/.test(amount as string) || paisa(amount as string) <= 0)
      return refuse(refusals.amount)
    if (currency !== 'BDT') return refuse(refusals.currency)
    if (intent !== 'sale') return refuse(refusals.intent)
    if (!URL.canParse(callbackURL as string) || !/^https?:/.test(callbackURL as string))
      return refuse(refusals.callbackURL)
    if ((merchantInvoiceNumber as string).length > 255 || /[<>&]/.test(merchantInvoiceNumber as string))
      return refuse(refusals.invoice)
    if ((payerReference as string).length > 255) return refuse(refusals.payerReference)
    const payment: FakePayment = {
      paymentID: `TR0011${trxId()}${Date.now()}`,
      amount: amount as string,
      currency: 'BDT',
      intent: 'sale',
      mode: '0011',
      merchantInvoiceNumber: merchantInvoiceNumber as string,
      payerReference: payerReference as string,
      callbackURL: callbackURL as string,
      createdAt: Date.now(),
      status: 'Initiated',
      authorised: false,
      customerMsisdn: null,
      trxID: null,
      executedAt: null,
      executeCalls: 0,
      charges: 0,
      refunds: [],
      hash: randomBytes(24).toString('base64url'),
      signature: randomBytes(16).toString('hex'),
    }
    payments.set(payment.paymentID, payment)
    const page = new URL(PAGE, url)
    page.search = new URLSearchParams({
      paymentID: payment.paymentID,
      hash: payment.hash,
      mode: '0011',
      apiVersion: 'v1.2.0-beta',
    }).toString()
    return ok({
      paymentID: payment.paymentID,
      bkashURL: page.href,
      callbackURL: payment.callbackURL,
      successCallbackURL: callback(payment, 'success'),
      failureCallbackURL: callback(payment, 'failure'),
      cancelledCallbackURL: callback(payment, 'cancel'),
      amount: payment.amount,
      intent: payment.intent,
      currency: payment.currency,
      paymentCreateTime: bkashTime(payment.createdAt),
      transactionStatus: payment.status,
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    })
  }

  function execute(body: Record<string, unknown>): Answer {
    const payment = current(body.paymentID)
    if (!payment) return refuse(refusals.paymentID)
    payment.executeCalls++
    if (payment.status === 'Completed') return refuse(refusals.executed)
    if (payment.status !== 'Initiated' || !payment.authorised) return refuse(refusals.paymentState)
    payment.status = 'Completed'
    payment.trxID = trxId()
    payment.executedAt = Date.now()
    payment.charges++
    return ok({
      paymentID: payment.paymentID,
      payerReference: payment.payerReference,
      customerMsisdn: payment.customerMsisdn,
      trxID: payment.trxID,
      amount: payment.amount,
      transactionStatus: payment.status,
      paymentExecuteTime: bkashTime(payment.executedAt),
      currency: payment.currency,
      intent: payment.intent,
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    })
  }

  function status(body: Record<string, unknown>): Answer {
    const payment = current(body.paymentID)
    if (!payment) return refuse(refusals.paymentID)
    return ok({
      paymentID: payment.paymentID,
      mode: payment.mode,
      paymentCreateTime: bkashTime(payment.createdAt),
      ...(payment.executedAt && { paymentExecuteTime: bkashTime(payment.executedAt), trxID: payment.trxID }),
      transactionStatus: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      intent: payment.intent,
      merchantInvoice: payment.merchantInvoiceNumber,
      payerReference: payment.payerReference,
    })
  }

  /** refund with an amount; without one, the refund query, which answers the latest refund */
  function refund(body: Record<string, unknown>): Answer {
    const payment = current(body.paymentID)
    if (!payment) return refuse(refusals.paymentID)
    if (payment.status !== 'Completed' || body.trxID !== payment.trxID) return refuse(refusals.noTransaction)
    const answer = (made: FakeRefund) =>
      ok({
        originalTrxID: payment.trxID,
        refundTrxID: made.refundTrxID,
        transactionStatus: 'Completed',
        amount: made.amount,
        currency: payment.currency,
        charge: '0.00',
        completedTime: made.completedTime,
      })
    if (body.amount === undefined) {
      const latest = payment.refunds.at(-1)
      // "otherwise invalid payment id will return", bKash's WooCommerce plugin notes of this query
      return latest ? answer(latest) : refuse(refusals.paymentID)
    }
    const amount = text(body.amount)
    if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount) || paisa(amount) <= 0) return refuse(refusals.amount)
    if (!text(body.sku) || !text(body.reason)) return refuse(refusals.missing)
    const left = paisa(payment.amount) - payment.refunds.reduce((sum, made) => sum + paisa(made.amount), 0)
    if (left === 0) return refuse(refusals.refunded)
    if (paisa(amount) > left) return refuse(refusals.overRefund)
    const made: FakeRefund = {
      refundTrxID: trxId(),
      amount: taka(paisa(amount)),
      sku: body.sku as string,
      reason: body.reason as string,
      completedTime: bkashTime(Date.now()),
    }
    payment.refunds.push(made)
    return answer(made)
  }

  function api(endpoint: Endpoint, headers: IncomingMessage['headers'], raw: string): Answer {
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw)
      if (typeof body !== 'object' || body === null) throw new Error('not an object')
    } catch {
      return refuse(refusals.body)
    }
    if (endpoint === 'grant') return merchantRefusal(headers, body) ?? issueTokens()
    if (endpoint === 'refresh') {
      const refusal = merchantRefusal(headers, body)
      if (refusal) return refusal
      const expiresAt = refreshTokens.get(text(body.refresh_token) ?? '')
      if (!expiresAt || expiresAt <= Date.now()) return refuse(refusals.refreshToken)
      return issueTokens()
    }
    const refusal = gatewayRefusal(headers)
    if (refusal) return refusal
    if (endpoint === 'create') return create(body)
    if (endpoint === 'execute') return execute(body)
    if (endpoint === 'status') return status(body)
    return refund(body)
  }

  function callback(payment: FakePayment, outcome: Outcome): string {
    const target = new URL(payment.callbackURL)
    target.searchParams.set('paymentID', payment.paymentID)
    target.searchParams.set('status', outcome)
    target.searchParams.set('signature', payment.signature)
    target.searchParams.set('apiVersion', '1.2.0-beta')
    return target.href
  }

  function decide(payment: FakePayment, outcome: Outcome, wallet: string): string {
    if (outcome === 'success') payment.authorised = true
    if (outcome === 'failure') payment.status = 'Failed'
    if (outcome === 'cancel') payment.status = 'Cancelled'
    if (outcome !== 'cancel') payment.customerMsisdn = wallet
    return callback(payment, outcome)
  }

  function payable(paymentID: unknown, hash?: unknown): FakePayment | undefined {
    const payment = current(paymentID)
    if (!payment || (hash !== undefined && hash !== payment.hash)) return undefined
    return payment.status === 'Initiated' && !payment.authorised ? payment : undefined
  }

  async function hostedPage(request: IncomingMessage, response: ServerResponse, target: URL) {
    if (request.method === 'GET') {
      const payment = payable(target.searchParams.get('paymentID'), target.searchParams.get('hash'))
      return send(response, payment ? 200 : 410, page(payment), 'text/html')
    }
    const form = new URLSearchParams(await readBody(request))
    const payment = payable(form.get('paymentID'), form.get('hash'))
    if (!payment) return send(response, 410, page(undefined), 'text/html')
    const wallet = form.get('wallet') ?? ''
    let next: string
    if (form.get('action') === 'cancel') next = decide(payment, 'cancel', '')
    else if (!/^01[3-9]\d{8}$/.test(wallet))
      return send(response, 200, page(payment, 'Enter an 11-digit bKash account number.'), 'text/html')
    else if (!/^\d{5}$/.test(form.get('pin') ?? ''))
      return send(response, 200, page(payment, 'Enter your 5-digit PIN.'), 'text/html')
    else next = decide(payment, wallet.endsWith('000') ? 'failure' : 'success', wallet)
    response.writeHead(302, { location: next })
    response.end()
  }

  function deliver(response: ServerResponse, answer: Answer, fault: Fault | undefined) {
    const body = JSON.stringify(answer.body)
    if (fault?.kind === 'timeout') {
      const timer = setTimeout(() => {
        held.delete(timer)
        send(response, answer.status, body)
      }, fault.ms)
      held.add(timer)
    } else if (fault?.kind === 'garbage') send(response, 200, `${body.slice(0, body.length >> 1)}<html>502`)
    else if (fault?.kind === 'drop') response.socket?.destroy()
    else send(response, answer.status, body)
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const target = new URL(request.url ?? '/', url)
    if (target.pathname === '/healthz') return send(response, 200, 'ok', 'text/plain')
    if (target.pathname === PAGE) return hostedPage(request, response, target)
    if (!target.pathname.startsWith(`${VERSION}/`)) return send(response, 404, '{"message":"Not Found"}')
    const path = target.pathname.slice(VERSION.length)
    const endpoint = routes[path]
    // what AWS API Gateway, in front of bKash, answers for a path it does not know
    if (!endpoint || request.method !== 'POST')
      return send(response, 403, '{"message":"Missing Authentication Token"}')
    calls.push({ path, at: Date.now() })
    const raw = await readBody(request)
    const fault = faults.get(endpoint)?.shift()
    if (fault?.kind === 'error') {
      return send(
        response,
        200,
        JSON.stringify({ statusCode: fault.statusCode, statusMessage: fault.statusMessage }),
      )
    }
    if (fault?.kind === 'http500') return send(response, 500, '{"message":"Internal server error"}')
    deliver(response, api(endpoint, request.headers, raw), fault)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, '{"message":"Internal server error"}'))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    baseUrl: `${url}${VERSION}`,
    payments,
    calls,
    failNext(endpoint, fault, times = 1) {
      const queue = faults.get(endpoint) ?? []
      for (let i = 0; i < times; i++) queue.push(fault)
      faults.set(endpoint, queue)
    },
    pay(paymentID, outcome) {
      const payment = payable(paymentID)
      if (!payment)
        throw new Error(
          `fake bKash: ${paymentID} cannot be paid (${current(paymentID)?.status ?? 'unknown'})`,
        )
      return decide(payment, outcome, outcome === 'failure' ? '01770618000' : '01770618575')
    },
    expireTokens() {
      const now = Date.now()
      for (const tokens of [idTokens, refreshTokens])
        for (const token of tokens.keys()) tokens.set(token, now)
    },
    async close() {
      for (const timer of held) clearTimeout(timer)
      held.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** bKash's payment page, as little of it as a test needs: plain forms, labelled fields, no script */
function page(payment: FakePayment | undefined, error?: string): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>bKash Payment</title></head><body><main>`
  if (!payment)
    return `${head}<h1>bKash Payment</h1><p>This payment can no longer be made.</p></main></body></html>`
  return `${head}<h1>Pay with bKash</h1>
<p>Invoice <strong>${html(payment.merchantInvoiceNumber)}</strong>, amount <strong>৳${html(payment.amount)}</strong></p>
<form method="post" action="${PAGE}">
<input type="hidden" name="paymentID" value="${html(payment.paymentID)}">
<input type="hidden" name="hash" value="${html(payment.hash)}">
${error ? `<p role="alert">${html(error)}</p>` : ''}
<p><label for="wallet">Your bKash account number</label>
<input id="wallet" name="wallet" type="tel" inputmode="numeric" autocomplete="tel" placeholder="01XXXXXXXXX" required></p>
<p><label for="pin">bKash PIN</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required></p>
<p><button type="submit" name="action" value="confirm">Confirm</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
</form></main></body></html>`
}
