import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  type BkashClientOptions,
  BkashRefused,
  BkashUnclear,
  createBkashClient,
} from '../../server/payments/bkash-client'
import { FAKE_BKASH_CREDENTIALS, type FakeBkash, startFakeBkash } from '../fakes/bkash'

let fake: FakeBkash
/** every error a client threw here: none may carry a secret */
const thrown: unknown[] = []

beforeAll(async () => {
  fake = await startFakeBkash()
})
afterAll(async () => {
  await fake.close()
})
afterEach(() => {
  fake.calls.length = 0
})

const clientFor = (options: Partial<BkashClientOptions> = {}) =>
  createBkashClient({ ...FAKE_BKASH_CREDENTIALS, baseUrl: fake.baseUrl, timeoutMs: 2_000, ...options })
const countOf = (endpoint: string) => fake.calls.filter((call) => call.path.endsWith(endpoint)).length
let invoices = 0
const order = (amount = 1250) => ({
  amount,
  invoice: `HAAT-${++invoices}`,
  payerReference: '01712345678',
  callbackURL: 'http://127.0.0.1:4300/api/payments/bkash/callback',
})

/** the error a promise rejects with, kept for the secrets check */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    thrown.push(error)
    return error as Error
  }
  throw new Error('expected a rejection')
}

async function paidPayment(client = clientFor(), amount = 500) {
  const created = await client.create(order(amount))
  fake.pay(created.paymentID, 'success')
  return client.execute(created.paymentID)
}

describe('token', () => {
  it('grants once for many calls made at the same time', async () => {
    const client = clientFor()
    const created = await Promise.all(Array.from({ length: 8 }, () => client.create(order())))
    expect(new Set(created.map((payment) => payment.paymentID)).size).toBe(8)
    expect(countOf('/token/grant')).toBe(1)
  })

  it('refreshes the token before it expires, and grants again when the refresh fails', async () => {
    let clock = Date.now()
    const client = clientFor({ now: () => clock })
    const created = await client.create(order())
    clock += 54 * 60_000
    await client.status(created.paymentID)
    expect(countOf('/token/refresh')).toBe(0)
    clock += 2 * 60_000
    await client.status(created.paymentID)
    expect([countOf('/token/grant'), countOf('/token/refresh')]).toEqual([1, 1])

    fake.failNext('refresh', { kind: 'error', statusCode: '9999', statusMessage: 'Invalid refresh token' })
    clock += 56 * 60_000
    expect((await client.status(created.paymentID)).transactionStatus).toBe('Initiated')
    expect([countOf('/token/grant'), countOf('/token/refresh')]).toEqual([2, 2])
  })

  it('grants again once when bKash says the token has expired, and the call goes through', async () => {
    const client = clientFor()
    const created = await client.create(order())
    fake.pay(created.paymentID, 'success')
    fake.expireTokens()
    const executed = await Promise.all([client.execute(created.paymentID), client.status(created.paymentID)])
    expect(executed[0].transactionStatus).toBe('Completed')
    expect(countOf('/token/grant')).toBe(2)
    expect(countOf('/execute')).toBe(2)
    expect(fake.payments.get(created.paymentID)?.charges).toBe(1)
  })

  it.each([
    ['app secret', { appSecret: 'not-the-secret' }, '2001'],
    ['password', { password: 'not-the-password' }, '9999'],
    ['username', { username: 'someone-else' }, '9999'],
  ])('is refused with a wrong %s, and no payment is made', async (_, wrong, code) => {
    const before = fake.payments.size
    const error = await failure(clientFor(wrong).create(order()))
    expect(error).toBeInstanceOf(BkashRefused)
    expect((error as BkashRefused).statusCode).toBe(code)
    expect(fake.payments.size).toBe(before)
  })

  it('is refused by the gateway with a wrong app key', async () => {
    const error = await failure(clientFor({ appKey: 'not-the-key' }).create(order()))
    expect(error).toBeInstanceOf(BkashRefused)
    expect((error as BkashRefused).statusCode).toBe('2001')
  })
})

describe('payment', () => {
  it('creates, is paid on bKash, executes once and reads back Completed', async () => {
    const client = clientFor()
    const created = await client.create(order(1250.5))
    expect(created).toMatchObject({
      transactionStatus: 'Initiated',
      amount: 1250.5,
      currency: 'BDT',
      trxID: null,
    })
    expect(created.bkashURL?.startsWith(fake.url)).toBe(true)
    expect(fake.payments.get(created.paymentID)?.amount).toBe('1250.50')

    const back = new URL(fake.pay(created.paymentID, 'success'))
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      paymentID: created.paymentID,
      status: 'success',
      apiVersion: '1.2.0-beta',
    })

    const executed = await client.execute(created.paymentID)
    expect(executed).toMatchObject({
      transactionStatus: 'Completed',
      amount: 1250.5,
      customerMsisdn: '01770618575',
    })
    expect(executed.trxID).toMatch(/^[A-Z0-9]{10}$/)
    const read = await client.status(created.paymentID)
    expect(read).toMatchObject({
      transactionStatus: 'Completed',
      trxID: executed.trxID,
      amount: 1250.5,
      merchantInvoiceNumber: created.merchantInvoiceNumber,
    })
  })

  it('refuses to execute a payment the shopper has not authorised (2056)', async () => {
    const client = clientFor()
    const created = await client.create(order())
    const error = await failure(client.execute(created.paymentID))
    expect(error).toBeInstanceOf(BkashRefused)
    expect((error as BkashRefused).statusCode).toBe('2056')
    expect(fake.payments.get(created.paymentID)).toMatchObject({ status: 'Initiated', charges: 0 })
  })

  it('refuses a second execute and charges once (2117)', async () => {
    const client = clientFor()
    const executed = await paidPayment(client)
    const error = await failure(client.execute(executed.paymentID))
    expect((error as BkashRefused).statusCode).toBe('2117')
    expect(fake.payments.get(executed.paymentID)).toMatchObject({ executeCalls: 2, charges: 1 })
  })

  it.each(['cancel', 'failure'] as const)(
    'reads a %s on the bKash page back from status',
    async (outcome) => {
      const client = clientFor()
      const created = await client.create(order())
      expect(new URL(fake.pay(created.paymentID, outcome)).searchParams.get('status')).toBe(outcome)
      const read = await client.status(created.paymentID)
      expect(read.transactionStatus).toBe(outcome === 'cancel' ? 'Cancelled' : 'Failed')
      expect(((await failure(client.execute(created.paymentID))) as BkashRefused).statusCode).toBe('2056')
    },
  )
})

describe('answers that say nothing', () => {
  it('leaves an execute answered too late unclear, never repeats it, and status shows Completed', async () => {
    const client = clientFor({ timeoutMs: 1_500 })
    const created = await client.create(order())
    fake.pay(created.paymentID, 'success')
    fake.failNext('execute', { kind: 'timeout', ms: 6_000 })
    const error = await failure(client.execute(created.paymentID))
    expect(error).toBeInstanceOf(BkashUnclear)
    expect(countOf('/execute')).toBe(1)
    const read = await client.status(created.paymentID)
    expect(read.transactionStatus).toBe('Completed')
    expect(read.trxID).toBe(fake.payments.get(created.paymentID)?.trxID)
  })

  it.each([
    ['http500', { kind: 'http500' }, 'Initiated'],
    ['garbage', { kind: 'garbage' }, 'Completed'],
    ['drop', { kind: 'drop' }, 'Completed'],
  ] as const)('leaves an execute answered with %s unclear, sent once', async (_, fault, after) => {
    const client = clientFor()
    const created = await client.create(order())
    fake.pay(created.paymentID, 'success')
    fake.failNext('execute', fault)
    expect(await failure(client.execute(created.paymentID))).toBeInstanceOf(BkashUnclear)
    expect(countOf('/execute')).toBe(1)
    expect((await client.status(created.paymentID)).transactionStatus).toBe(after)
  })

  it('passes on a documented refusal as BkashRefused', async () => {
    const client = clientFor()
    fake.failNext('create', { kind: 'error', statusCode: '2065', statusMessage: 'Mendatory field missing' })
    const error = await failure(client.create(order()))
    expect(error).toMatchObject({ statusCode: '2065', statusMessage: 'Mendatory field missing' })
  })
})

describe('refund', () => {
  it('refunds in parts, refuses more than is left, and reads the latest back', async () => {
    const client = clientFor()
    const paid = await paidPayment(client, 500)
    const trxID = paid.trxID ?? ''
    expect(await client.refundStatus({ paymentID: paid.paymentID, trxID })).toBeNull()

    const first = await client.refund({
      paymentID: paid.paymentID,
      trxID,
      amount: 200,
      sku: 'SKU-1',
      reason: 'size',
    })
    expect(first).toMatchObject({ originalTrxID: trxID, transactionStatus: 'Completed', amount: 200 })
    const over = await failure(
      client.refund({ paymentID: paid.paymentID, trxID, amount: 300.01, sku: 'SKU-1', reason: 'size' }),
    )
    expect((over as BkashRefused).statusCode).toBe('2026')
    const rest = await client.refund({
      paymentID: paid.paymentID,
      trxID,
      amount: 300,
      sku: 'SKU-2',
      reason: 'colour',
    })
    expect(rest.amount).toBe(300)
    const none = await failure(
      client.refund({ paymentID: paid.paymentID, trxID, amount: 1, sku: 'S', reason: 'r' }),
    )
    expect((none as BkashRefused).statusCode).toBe('2034')

    expect(await client.refundStatus({ paymentID: paid.paymentID, trxID })).toEqual(rest)
    expect(fake.payments.get(paid.paymentID)?.refunds.map((made) => made.amount)).toEqual([
      '200.00',
      '300.00',
    ])
  })

  it('refunds a whole payment; a refund answered too late is found by the refund query', async () => {
    const client = clientFor({ timeoutMs: 1_500 })
    const paid = await paidPayment(client, 750)
    const trxID = paid.trxID ?? ''
    fake.failNext('refund', { kind: 'timeout', ms: 6_000 })
    const lost = client.refund({
      paymentID: paid.paymentID,
      trxID,
      amount: 750,
      sku: 'ALL',
      reason: 'returned',
    })
    expect(await failure(lost)).toBeInstanceOf(BkashUnclear)
    expect(countOf('/payment/refund')).toBe(1)
    expect(await client.refundStatus({ paymentID: paid.paymentID, trxID })).toMatchObject({
      amount: 750,
      originalTrxID: trxID,
      transactionStatus: 'Completed',
    })
  })

  it('refuses a refund of a payment never completed', async () => {
    const client = clientFor()
    const created = await client.create(order())
    const error = await failure(
      client.refund({ paymentID: created.paymentID, trxID: 'AAN30A8M4T', amount: 10, sku: 'S', reason: 'r' }),
    )
    expect((error as BkashRefused).statusCode).toBe('2028')
  })
})

describe('hosted page', () => {
  const submit = (form: Record<string, string>) =>
    fetch(`${fake.url}/redirect/tokenized/`, {
      method: 'POST',
      body: new URLSearchParams(form),
      redirect: 'manual',
    })

  it('shows a form with a wallet number, a PIN, Confirm and Cancel', async () => {
    const created = await clientFor().create(order())
    const html = await (await fetch(created.bkashURL ?? '')).text()
    expect(html).toContain('<label for="wallet">')
    expect(html).toContain('<label for="pin">')
    expect(html).toMatch(/<button[^>]*value="confirm"[^>]*>Confirm<\/button>/)
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/)
  })

  it.each([
    ['01712345678', 'confirm', 'success', true],
    ['01712345000', 'confirm', 'failure', false],
    ['', 'cancel', 'cancel', false],
  ])('sends wallet %s with %s back to the %s callback', async (wallet, action, status, authorised) => {
    const created = await clientFor().create(order())
    const page = new URL(created.bkashURL ?? '')
    const answer = await submit({
      paymentID: created.paymentID,
      hash: page.searchParams.get('hash') ?? '',
      wallet,
      pin: '12345',
      action,
    })
    expect(answer.status).toBe(302)
    expect(new URL(answer.headers.get('location') ?? '').searchParams.get('status')).toBe(status)
    expect(fake.payments.get(created.paymentID)?.authorised).toBe(authorised)
  })
})

it('creates with the fields bKash checks, and refuses the wrong ones with its codes', async () => {
  const grant = await fetch(`${fake.baseUrl}/tokenized/checkout/token/grant`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      username: FAKE_BKASH_CREDENTIALS.username,
      password: FAKE_BKASH_CREDENTIALS.password,
    },
    body: JSON.stringify({
      app_key: FAKE_BKASH_CREDENTIALS.appKey,
      app_secret: FAKE_BKASH_CREDENTIALS.appSecret,
    }),
  })
  const { id_token } = (await grant.json()) as { id_token: string }
  const valid = {
    mode: '0011',
    payerReference: '01712345678',
    callbackURL: 'https://shop.example/callback',
    amount: '100.00',
    currency: 'BDT',
    intent: 'sale',
    merchantInvoiceNumber: 'HAAT-RAW-1',
  }
  const create = async (body: object) => {
    const response = await fetch(`${fake.baseUrl}/tokenized/checkout/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: id_token,
        'x-app-key': FAKE_BKASH_CREDENTIALS.appKey,
      },
      body: JSON.stringify(body),
    })
    return ((await response.json()) as { statusCode: string }).statusCode
  }
  expect(await create(valid)).toBe('0000')
  expect(await create({ ...valid, mode: '0001' })).toBe('2063')
  expect(await create({ ...valid, amount: '-5' })).toBe('2006')
  expect(await create({ ...valid, amount: '0' })).toBe('2006')
  expect(await create({ ...valid, currency: 'USD' })).toBe('2007')
  expect(await create({ ...valid, intent: 'authorization' })).toBe('2008')
  expect(await create({ ...valid, callbackURL: 'not a url' })).toBe('2049')
  expect(await create({ ...valid, payerReference: undefined })).toBe('2065')
})

it('never puts a credential or token in an error message, even one bKash echoes', async () => {
  const { appSecret, password } = FAKE_BKASH_CREDENTIALS
  fake.failNext('grant', {
    kind: 'error',
    statusCode: '9999',
    statusMessage: `bad ${appSecret} for ${password}`,
  })
  const echoed = await failure(clientFor().create(order()))
  expect(echoed.message).toContain('[redacted]')

  const messages = thrown.map((error) => (error as Error).message)
  expect(thrown.length).toBeGreaterThan(15)
  for (const secret of [appSecret, password, 'not-the-secret', 'not-the-password']) {
    expect(messages.filter((message) => message.includes(secret))).toEqual([])
  }
  expect(messages.filter((message) => /eyJ[\w-]{20,}/.test(message))).toEqual([])
})
