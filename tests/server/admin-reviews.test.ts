import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, reviews } from '../../server/db/schema'
import type { AdminReview } from '../../src/contract/admin-reviews'
import type { Review } from '../../src/contract/reviews'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, createShopper } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let shopper: { id: number; token: string }
let product: { id: number; slug: string }
let other: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730000201', role: 'owner' }))
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01730000202', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730000203', role: 'staff' }))
  shopper = await createShopper(t.db, '01830000204')
  const rows = await t.db.select({ id: products.id, slug: products.slug }).from(products).limit(2)
  ;[product, other] = rows as [typeof product, typeof other]
  // a clean start: the products' reviews are the ones this file writes
  await t.db.delete(reviews)
}, 180_000)
afterAll(async () => t?.close())

let guests = 0
/** a guest's review through the storefront (each from another number and address): held as pending */
async function guestReview(rating: number, text: string, slug = product.slug) {
  guests += 1
  const reply = await api(t.app, 'POST', 'review/product/without-login', {
    body: {
      product_slug: slug,
      rating,
      text,
      name: 'Shila Rani',
      phone: `0191100${String(guests).padStart(4, '0')}`,
    },
    ip: `10.0.0.${guests}`,
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return (reply.body.data as Review).id
}

async function queue(status: string, as = owner) {
  const reply = await adminCall(t.app, 'GET', `reviews?status=${status}`, { as })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body as { data: AdminReview[]; meta: { hasNext: boolean; pending: number } }
}

const act = (id: number, verb: 'approve' | 'hide' | 'reply', body?: unknown, as = owner) =>
  adminCall(t.app, 'POST', `reviews/${id}/${verb}`, { as, body: verb === 'reply' ? (body ?? {}) : body })

async function publicReviews(slug = product.slug) {
  const reply = await api(t.app, 'GET', `review?product_slug=${slug}`)
  expect(reply.status).toBe(200)
  return reply.body as { data: Review[]; total: number; average: number }
}

async function rating(id = product.id) {
  const [row] = await t.db
    .select({ ratingAvg: products.ratingAvg, ratingCount: products.ratingCount })
    .from(products)
    .where(eq(products.id, id))
  return row
}

describe('who may moderate reviews', () => {
  it('answers owners and managers; refuses no session (401), shoppers and the staff role (403)', async () => {
    const id = await guestReview(3, 'Matrix')
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', 'reviews'],
      ['POST', `reviews/${id}/approve`],
      ['POST', `reviews/${id}/hide`],
      ['POST', `reviews/${id}/reply`, { text: 'Thanks' }],
    ]
    for (const [method, path, body] of routes) {
      expect((await adminCall(t.app, method, path, { body })).status, path).toBe(401)
      expect((await adminCall(t.app, method, path, { body, shopper: shopper.token })).status, path).toBe(403)
      const refused = await adminCall(t.app, method, path, { body, as: staff })
      expect(refused.status, path).toBe(403)
      expect(refused.body).toHaveProperty('error')
      for (const as of [manager, owner]) {
        const allowed = await adminCall(t.app, method, path, { body, as })
        expect(allowed.status, `${path} ${JSON.stringify(allowed.body)}`).toBe(200)
      }
    }
    await t.db.delete(reviews).where(eq(reviews.id, id))
  })
})

describe('the review queue', () => {
  it('lists one status, newest first, with the product, photos as addresses, reviewer and pending count', async () => {
    const older = await guestReview(2, 'Older one')
    const newer = await guestReview(4, 'Newer one', other.slug)
    await t.db
      .update(reviews)
      .set({ photos: ['uploads/abc-123.webp'], createdAt: new Date(Date.now() + 1000) })
      .where(eq(reviews.id, newer))
    const { data, meta } = await queue('pending')
    expect(data.map((review) => review.id)).toEqual([newer, older])
    expect(meta.pending).toBe(2)
    expect(data[0]).toMatchObject({
      product: { id: other.id, slug: other.slug, name: expect.any(String) },
      rating: 4,
      text: 'Newer one',
      photos: [{ path: 'uploads/abc-123.webp', url: '/media/uploads/abc-123.webp' }],
      name: 'Shila Rani',
      phone: expect.stringMatching(/^0191100\d{4}$/),
      byCustomer: false,
      status: 'pending',
      reply: null,
    })
    expect((await queue('active')).data).toEqual([])
    const paged = await adminCall(t.app, 'GET', 'reviews?status=pending&perPage=1', { as: owner })
    expect((paged.body.meta as { hasNext: boolean }).hasNext).toBe(true)
    await t.db.delete(reviews)
  })

  it('approving shows the review on the product and moves its rating; hiding takes it away again', async () => {
    expect(await rating()).toEqual({ ratingAvg: 0, ratingCount: 0 })
    const first = await guestReview(5, 'Lovely fabric')
    const second = await guestReview(2, 'Too small')
    expect((await publicReviews()).data).toEqual([])
    const shown = async () =>
      (await api(t.app, 'GET', `product/storefront/${product.slug}`)).body.data as {
        rating: number
        rating_count: number
      }
    // read once, so that the catalogue keeps the answer
    expect(await shown()).toMatchObject({ rating: 0, rating_count: 0 })

    const approved = await act(first, 'approve')
    expect(approved.status).toBe(200)
    expect((approved.body.data as AdminReview).status).toBe('active')
    expect(await rating()).toEqual({ ratingAvg: 5, ratingCount: 1 })
    await act(second, 'approve', undefined, manager)
    expect(await rating()).toEqual({ ratingAvg: 3.5, ratingCount: 2 })
    const listed = await publicReviews()
    expect(listed.data.map((review) => review.id).sort()).toEqual([first, second].sort())
    expect(listed.average).toBe(3.5)
    // the product's own answer (kept by the catalogue) follows at once
    expect(await shown()).toMatchObject({ rating: 3.5, rating_count: 2 })

    const hidden = await act(second, 'hide')
    expect((hidden.body.data as AdminReview).status).toBe('rejected')
    expect(await rating()).toEqual({ ratingAvg: 5, ratingCount: 1 })
    expect((await publicReviews()).data.map((review) => review.id)).toEqual([first])
    expect((await queue('rejected')).data.map((review) => review.id)).toEqual([second])

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'review'), eq(auditLog.objectId, String(second))))
    expect(audit.map((entry) => entry.action).sort()).toEqual(['review.approve', 'review.hide'])
    // approving an active review again changes (and audits) nothing
    await act(first, 'approve')
    const again = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.approve'), eq(auditLog.objectId, String(first))))
    expect(again).toHaveLength(1)
  })

  it('a reply shows under the review in the public list; an empty reply removes it', async () => {
    const [review] = (await publicReviews()).data
    if (!review) throw new Error('no active review')
    const replied = await act(review.id, 'reply', { text: '  Thank you, come again!  ' })
    expect(replied.status).toBe(200)
    expect(replied.body.data).toMatchObject({
      reply: 'Thank you, come again!',
      repliedAt: expect.any(String),
    })
    expect((await publicReviews()).data[0]?.reply).toBe('Thank you, come again!')

    const removed = await act(review.id, 'reply', { text: '' })
    expect(removed.body.data).toMatchObject({ reply: null, repliedAt: null })
    expect((await publicReviews()).data[0]?.reply).toBeNull()
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.reply'), eq(auditLog.objectId, String(review.id))))
    expect(audit).toHaveLength(2)
  })

  it('answers bad ids, statuses and bodies with 4xx in the error shape', async () => {
    const [review] = (await publicReviews()).data
    const id = review?.id ?? 0
    const cases: ['GET' | 'POST', string, unknown, number][] = [
      ['GET', 'reviews?status=deleted', undefined, 400],
      ['GET', 'reviews?page=0', undefined, 400],
      ['GET', 'reviews?perPage=500', undefined, 400],
      ['POST', 'reviews/abc/approve', undefined, 400],
      ['POST', 'reviews/-1/hide', undefined, 400],
      ['POST', 'reviews/999999/approve', undefined, 404],
      ['POST', 'reviews/999999/reply', { text: 'x' }, 404],
      ['POST', `reviews/${id}/reply`, {}, 400],
      ['POST', `reviews/${id}/reply`, { text: 5 }, 400],
      ['POST', `reviews/${id}/reply`, { text: 'x'.repeat(1001) }, 400],
      ['POST', `reviews/${id}/reply`, { text: 'ok', status: 'active' }, 400],
    ]
    for (const [method, path, body, status] of cases) {
      const reply = await adminCall(t.app, method, path, { as: owner, body })
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status)
      expect(reply.body).toHaveProperty('error')
    }
  })
})
