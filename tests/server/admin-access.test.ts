import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skus } from '../../server/db/schema'
import { accessAllows } from '../../server/domain/staff'
import { declaredAccess, type StaffRoute } from '../../server/plugins/staff-auth'
import { STAFF_ROLES } from '../../src/contract/permissions'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, createShopper, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

/**
 * Every route under /api/v1/admin, as the app registered it (not a list written here), against every kind
 * of caller: the capability each route declares, as the permission table (src/contract/permissions.ts)
 * gives it to roles, is enforced on the server for each method.
 */

let t: TestApp
let skuId: number
let items: SkuInfo[]
let targetId: number
beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  items = await sellableSkus(t.db, 3)
  skuId = pick(items, 0).skuId
  // whom the staff page's routes act on: nobody the callers are
  targetId = await createPerson(t.db, { phone: '01730009999', role: 'staff', password: 'target-pass' })
})
afterAll(() => t?.close())

type Identity =
  | 'none'
  | 'shopper'
  | 'shopper by bearer'
  | 'staff'
  | 'manager'
  | 'owner'
  | 'blocked owner'
  | 'blocked manager'
const identities: Identity[] = [
  'none',
  'shopper',
  'shopper by bearer',
  'staff',
  'manager',
  'owner',
  'blocked owner',
  'blocked manager',
]

/** What the routes' declarations and the permission table say each caller should meet. */
function expected(route: StaffRoute, identity: Identity): 401 | 403 | 'allowed' {
  if (route.capability === 'public') return 'allowed'
  if (identity === 'none') return 401
  if (identity.startsWith('shopper') || identity.startsWith('blocked')) return 403
  return accessAllows(identity, route.capability) ? 'allowed' : 403
}

/** The roles a route admits, as the table gives them. */
const rolesOf = ({ capability }: StaffRoute) =>
  capability === 'public' ? 'public' : STAFF_ROLES.filter((role) => accessAllows(role, capability))

/** The routes of `printRoutes` (a tree of path segments) as `METHOD /path` lines. */
function printedRoutes(tree: string): string[] {
  const parents: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const path = `${parents[depth - 1] ?? ''}${match[2]}`
    parents[depth] = path
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`)
  }
  return routes
}

let callerCount = 0
/** A fresh caller of this kind for one request (a logout ends only its own session). */
async function caller(identity: Identity) {
  callerCount += 1
  const phone = `0173${String(callerCount).padStart(7, '0')}`
  if (identity === 'none') return {}
  if (identity === 'shopper') return { shopper: (await createShopper(t.db, phone)).token }
  if (identity === 'shopper by bearer') {
    return { headers: { authorization: `Bearer ${(await createShopper(t.db, phone)).token}` } }
  }
  const [status, role] = identity.startsWith('blocked')
    ? (['blocked', identity.split(' ')[1]] as const)
    : (['active', identity] as const)
  const id = await createPerson(t.db, { phone, role: role as 'staff', status })
  const as: StaffCredentials = await openSession(t.app, id)
  return { as }
}

describe('the register of back-office routes', () => {
  it('holds every route under /api/v1/admin the app serves, each with its capability', () => {
    const served = printedRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api/v1/admin'))
      .sort()
    const registered = t.app.staffRoutes.map((route) => `${route.method} ${route.url}`).sort()
    expect(served.length).toBeGreaterThan(15)
    expect(registered).toEqual(served)
  })

  it('keeps the staff page and the audit log to owners, and signing in open', () => {
    const roles = Object.fromEntries(
      t.app.staffRoutes.map((route) => [`${route.method} ${route.url}`, rolesOf(route)]),
    )
    for (const key of Object.keys(roles).filter((key) => /admin\/(staff|audit)/.test(key))) {
      expect([key, roles[key]]).toEqual([key, ['owner']])
    }
    const open = Object.keys(roles).filter((key) => roles[key] === 'public')
    expect(open.sort()).toEqual(
      ['first-owner', 'login', 'send-code', 'setup', 'verify'].map(
        (step) => `POST /api/v1/admin/auth/${step}`,
      ),
    )
  })

  it('makes the app fail to start with a route under /api/v1/admin that does not say whom it admits', async () => {
    const app = Fastify()
    app.addHook('onRoute', declaredAccess([]))
    app.get('/api/v1/admin/declared', { config: { capability: 'audit.read' } }, async () => ({}))
    app.get('/api/v1/shop', async () => ({}))
    const start = async () => {
      await app.register(async (child) => {
        child.get('/api/v1/admin/forgotten', async () => ({}))
      })
      await app.ready()
    }
    await expect(start()).rejects.toThrow(/GET \/api\/v1\/admin\/forgotten must say whom it admits/)
    const typo = Fastify()
    typo.addHook('onRoute', declaredAccess([]))
    expect(() =>
      typo.get(
        '/api/v1/admin/typo',
        { config: { capability: 'orders.reed' as 'orders.read' } },
        async () => ({}),
      ),
    ).toThrow(/must say whom it admits/)
    const roles = Fastify()
    roles.addHook('onRoute', declaredAccess([]))
    expect(() =>
      roles.get(
        '/api/v1/admin/roles',
        { config: { capability: ['owner' as 'orders.read'] } },
        async () => ({}),
      ),
    ).toThrow(/must say whom it admits/)
  })
})

describe('every admin route and method against every caller', () => {
  const cases = () =>
    t.app.staffRoutes.flatMap((route) => identities.map((identity) => [route, identity] as const))

  it('answers 401 without a session, 403 to shoppers, blocked people and other roles, and lets the rest through', async () => {
    const wrong: string[] = []
    const passed = new Set<number>()
    let checked = 0
    for (const [route, identity] of cases()) {
      const path = route.url
        .replace('/api/v1/admin/', '')
        .replace('skus/:id', `skus/${skuId}`)
        .replace(':id', String(targetId))
        .replace('pages/:slug', 'pages/about-us')
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'
      const sendsBody = method === 'POST' || method === 'PUT' || method === 'PATCH'
      const answer = await adminCall(t.app, method, path, {
        ...(await caller(identity)),
        ...(sendsBody ? { body: {} } : {}),
        ip: `10.30.${checked >> 8}.${checked & 255}`,
      })
      checked += 1
      const want = expected(route, identity)
      const got = answer.status === 401 || answer.status === 403 ? answer.status : 'allowed'
      if (got === 'allowed') passed.add(answer.status)
      const shaped =
        got === 'allowed' ||
        method === 'HEAD' ||
        JSON.stringify(Object.keys((answer.body.error as object) ?? {})) === '["auth"]'
      if (got !== want || answer.status >= 500 || !shaped) {
        wrong.push(
          `${identity}: ${method} ${route.url} → ${answer.status} ${JSON.stringify(answer.body)} (want ${want})`,
        )
      }
    }
    expect(checked).toBeGreaterThan(100)
    expect(wrong).toEqual([])
    // past the check, the handlers answered: reads, writes, the contract's refusals of an empty body, and
    // what a handler says of an object that is not there, of a stale version or of a body that is no file
    expect([200, 204, 400].every((status) => passed.has(status))).toBe(true)
    expect(
      [...passed].filter((status) => ![200, 201, 202, 204, 400, 404, 409, 415].includes(status)),
    ).toEqual([])
    // about 1,100 requests, each with a fresh caller: on a busy machine this passes the default 30 s
  }, 120_000)
})

describe('prices are for managers and owners, stock for everyone on the staff', () => {
  const skuPatch = async (role: 'staff' | 'manager', phone: string, item: SkuInfo, body: object) => {
    const id = await createPerson(t.db, { phone, role })
    return adminCall(t.app, 'PATCH', `skus/${item.skuId}`, { as: await openSession(t.app, id), body })
  }
  const quotedPrice = async (item: SkuInfo) => {
    const quote = await api(t.app, 'POST', 'cart/quote', {
      body: { lines: [{ skuId: item.skuId, quantity: 1 }] },
    })
    return (quote.body.data as { lines: { unitDiscountedPrice: number }[] }).lines[0]?.unitDiscountedPrice
  }
  const figures = async (item: SkuInfo) => {
    const [row] = await t.db
      .select({ price: skus.price, discountedPrice: skus.discountedPrice, stock: skus.stockQuantity })
      .from(skus)
      .where(eq(skus.id, item.skuId))
    return row
  }
  const skuAudit = async (item: SkuInfo) =>
    (await t.app.audit.list({ objectType: 'sku', objectId: String(item.skuId), page: 1, perPage: 10 }))
      .entries

  it('refuses a staff member who sets a sku free, and a shopper still pays its price', async () => {
    const item = pick(items, 1)
    const answer = await skuPatch('staff', '01730008001', item, { price: 0, discountedPrice: 0 })
    expect(answer.status).toBe(403)
    expect(Object.keys(answer.body.error as object)).toEqual(['auth'])
    expect(await quotedPrice(item)).toBe(item.discountedPrice)
    expect((await figures(item))?.discountedPrice).toBe(item.discountedPrice)
    expect(await skuAudit(item)).toEqual([])
  })

  it('writes nothing of a change by a staff member that mixes stock and a price', async () => {
    const item = pick(items, 1)
    const answer = await skuPatch('staff', '01730008002', item, { stockQuantity: 1, discountedPrice: 1 })
    expect(answer.status).toBe(403)
    expect(await figures(item)).toEqual({
      price: item.price,
      discountedPrice: item.discountedPrice,
      stock: item.stock,
    })
    expect(await skuAudit(item)).toEqual([])
  })

  it('lets a staff member change stock alone, and a manager the prices', async () => {
    const item = pick(items, 2)
    const stock = await skuPatch('staff', '01730008004', item, { stockQuantity: item.stock + 5 })
    expect(stock.status).toBe(200)
    expect(stock.body.data).toMatchObject({ stockQuantity: item.stock + 5, price: item.price })
    const price = await skuPatch('manager', '01730008005', item, { discountedPrice: item.price - 1 })
    expect(price.status).toBe(200)
    expect(await quotedPrice(item)).toBe(item.price - 1)
  })
})
