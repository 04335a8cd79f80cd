import { describe, expect, it } from 'vitest'
import type { QuoteResponse } from '../../src/contract/cart'
import type { Order } from '../../src/contract/orders'
import type { ListingResponse, Product } from '../../src/contract/product'
import { type CallOptions, call } from './client'
import { alternated, clusterForThisFile, freshAddress, freshPhone } from './support'

const cluster = clusterForThisFile()

const round = (n: number) => Math.round(n * 100) / 100
type CartItem = { id: number; skuId: number; quantity: number; status: string }
type Session = { data: { access_token: string; user: { id: number; phone: string } } }

describe('a shopper behind the balancer', () => {
  it('goes from sign-in to one correct order while every request is answered by the other instance', async () => {
    const { lbUrl, query } = cluster()
    const ip = freshAddress()
    const answeredBy: (string | null)[] = []
    const send = async <Body>(method: 'GET' | 'POST', path: string, options: CallOptions = {}) => {
      const reply = await call<Body>(lbUrl, method, path, { ip, ...options })
      answeredBy.push(reply.instance)
      return reply
    }

    // browsing: a listing page, then two products, a sku with stock from each
    const listing = await send<ListingResponse>('GET', 'product/storefront?perPage=24')
    expect(listing.status).toBe(200)
    const picked: { skuId: number; price: number; discountedPrice: number }[] = []
    for (const card of listing.body.data.filter((p) => p.in_stock)) {
      if (picked.length === 2) break
      const product = await send<{ data: Product }>('GET', `product/storefront/${card.slug}`)
      expect(product.status).toBe(200)
      const sku = product.body.data.skus.find((s) => s.stockQuantity >= 3)
      if (sku) picked.push({ skuId: sku.id, price: sku.price, discountedPrice: sku.discountedPrice })
    }
    const [first, second] = picked
    if (!first || !second) throw new Error('the listing has no two products with stock')

    // signing in by one-time code: sent by one instance, read and spent through the other
    const phone = freshPhone()
    const sent = await send<{ otpId: string }>('POST', 'auth/customer/send-otp', {
      body: { phone, type: 'login' },
    })
    expect(sent.status).toBe(200)
    const outbox = await send<{ data: { body: string }[] }>('GET', `dev/sms-outbox?phone=${phone}`)
    const code = /\b(\d{6})\b/.exec(outbox.body.data[0]?.body ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const session = await send<Session>('POST', 'auth/customer/otp-login', {
      body: { phone, otpId: sent.body.otpId, otpCode: code },
    })
    expect(session.status).toBe(200)
    const token = session.body.data.access_token
    const userId = session.body.data.user.id
    expect((await send('GET', 'auth/validate-token', { token })).status).toBe(200)

    // the cart kept on the phone joins the server's, one more line is added, and the cart is read back
    const merged = await send<{ data: CartItem[] }>('POST', 'cart/merge', {
      token,
      body: { mergeId: `cluster-merge-${phone}`, lines: [{ skuId: first.skuId, quantity: 2 }] },
    })
    expect(merged.status).toBe(200)
    expect((await send('POST', 'cart', { token, body: { skuId: second.skuId, quantity: 1 } })).status).toBe(
      200,
    )
    const cart = await send<{ data: CartItem[] }>('GET', 'cart', { token })
    const lines = cart.body.data.map(({ skuId, quantity }) => ({ skuId, quantity }))
    expect(lines).toEqual(
      expect.arrayContaining([
        { skuId: first.skuId, quantity: 2 },
        { skuId: second.skuId, quantity: 1 },
      ]),
    )
    expect(lines).toHaveLength(2)

    // checkout: the quote, then the order, then the shopper's orders
    const quote = await send<QuoteResponse>('POST', 'cart/quote', { token, body: { lines } })
    expect(quote.status).toBe(200)
    const address = {
      name: 'Rahim Uddin',
      phone,
      division: 'Dhaka',
      district: 'Dhaka',
      area: 'Dhanmondi',
      street: 'House 12, Road 5',
      landmark: 'Near the lake',
    }
    const placed = await send<{ data: Order }>('POST', 'orders', {
      token,
      headers: { 'idempotency-key': `cluster-journey-${phone}` },
      body: {
        lines,
        customer: { name: 'Rahim Uddin', phone, email: '' },
        address,
        notes: '',
        paymentMethod: 'cod',
        acceptTerms: true,
      },
    })
    expect(placed.status).toBe(201)
    const order = placed.body.data
    const mine = await send<{ data: { id: number }[] }>('GET', 'orders', { token })
    expect(mine.body.data.map((o) => o.id)).toEqual([order.id])
    const read = await send<{ data: Order }>('GET', `orders/${order.id}`, { token })
    expect(read.status).toBe(200)

    // round robin: each request went to the other instance than the one before it
    expect(answeredBy.length).toBeGreaterThanOrEqual(14)
    expect(alternated(answeredBy), `answered by ${answeredBy.join(' ')}`).toBe(true)

    // exactly one order in the database, with the lines and prices the catalogue showed
    const goods = round(first.discountedPrice * 2 + second.discountedPrice)
    const total = round(goods + 70)
    expect(quote.body.data.totals.total).toBe(total)
    expect(order.totals.total).toBe(total)
    const rows = await query<{ id: number; total: string; subtotal: string; status: string; zone: string }>(
      'select id, total, subtotal, status, zone from orders where user_id = $1',
      [userId],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: order.id, status: 'pending', zone: 'inside_dhaka' })
    expect(Number(rows[0]?.total)).toBe(total)
    expect(Number(rows[0]?.subtotal)).toBe(round(first.price * 2 + second.price))
    const stored = await query<{
      sku_id: number
      quantity: number
      unit_discounted_price: string
      line_total: string
    }>('select sku_id, quantity, unit_discounted_price, line_total from order_lines where order_id = $1', [
      order.id,
    ])
    const storedLines = stored.map((line) => ({
      skuId: line.sku_id,
      quantity: line.quantity,
      unit: Number(line.unit_discounted_price),
      lineTotal: Number(line.line_total),
    }))
    expect(storedLines).toEqual(
      expect.arrayContaining([
        {
          skuId: first.skuId,
          quantity: 2,
          unit: first.discountedPrice,
          lineTotal: round(first.discountedPrice * 2),
        },
        { skuId: second.skuId, quantity: 1, unit: second.discountedPrice, lineTotal: second.discountedPrice },
      ]),
    )
    expect(storedLines).toHaveLength(2)
  })
})
