import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffLimits } from '../../server/routes/admin/limits'
import { type AdminAnswer, createPerson, login, staffCookieOf, verify } from './admin-support'
import { lastCode } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

// The back office's sign-in limits, counted in the database (PGlite, or PostgreSQL under server-postgres) and
// in Redis, as several instances count them.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const PASSWORD = 'staff-limits-pass-1'
const { password: LIMIT } = staffLimits

/** a number no earlier run has used, so counters left in Redis cannot interfere */
const freshPhone = () => `016${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
/** an address of its own for each run and test, in 10.0.0.0/8 (inject never sends a packet) */
const addressBook = () => {
  const base = randomInt(0, 200)
  let next = 0
  return () => {
    next += 1
    return `10.${base}.${Math.floor(next / 250)}.${(next % 250) + 1}`
  }
}
const challengeOf = (answer: AdminAnswer) => (answer.body.data as { challenge: string }).challenge
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe.each([
  ['the database', {}],
  ['Redis', { REDIS_URL: redisUrl }],
] as const)('staff sign-in limits counted in %s', (_where, config) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ products: 0, config })
  })
  afterAll(() => t?.close())

  it("lets the member in from a new address after strangers' wrong passwords from ten others", async () => {
    const phone = freshPhone()
    await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
    const address = addressBook()
    const strangers = Array.from({ length: 10 }, () => address())
    for (const ip of strangers) {
      const guesses = await Promise.all(
        Array.from({ length: LIMIT.pair.max }, (_, i) => login(t.app, phone, `wrong-guess-${i}`, ip)),
      )
      expect(guesses.map((answer) => answer.status)).toEqual(Array(LIMIT.pair.max).fill(401))
      // and the next guess from there is stopped before it is checked
      expect((await login(t.app, phone, 'one-more-guess', ip)).status).toBe(429)
    }
    const own = address()
    const step1 = await login(t.app, phone, PASSWORD, own)
    expect(step1.status, JSON.stringify(step1.body)).toBe(200)
    const step2 = await verify(t.app, challengeOf(step1), 'sms', await lastCode(t.app, phone), own)
    expect(step2.status).toBe(200)
    expect(staffCookieOf(step2)?.value).toEqual(expect.any(String))
  })

  it('checks at most five of 200 parallel wrong passwords from one address', async () => {
    const phone = freshPhone()
    await createPerson(t.db, { phone, role: 'manager', password: PASSWORD })
    const ip = addressBook()()
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(t.app, phone, `wrong-guess-${i}`, ip)),
    )
    expect(guesses.filter((answer) => answer.status === 401).length).toBe(LIMIT.pair.max)
    expect(guesses.filter((answer) => answer.status === 429).length).toBe(200 - LIMIT.pair.max)
    const right = await login(t.app, phone, PASSWORD, ip)
    expect(right.status).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60)
  })

  it('refuses the right code after five wrong ones, and opens one session for 20 parallel right codes', async () => {
    const phone = freshPhone()
    await createPerson(t.db, { phone, role: 'staff', password: PASSWORD })
    const address = addressBook()
    const ip = address()
    const first = challengeOf(await login(t.app, phone, PASSWORD, ip))
    const code = await lastCode(t.app, phone)
    for (let i = 0; i < 5; i++) await verify(t.app, first, 'sms', wrongCode(code), ip)
    expect((await verify(t.app, first, 'sms', code, ip)).status).toBe(400)

    const other = address()
    const second = challengeOf(await login(t.app, phone, PASSWORD, other))
    const fresh = await lastCode(t.app, phone)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verify(t.app, second, 'sms', fresh, other)),
    )
    expect(answers.filter((answer) => staffCookieOf(answer)?.value).length).toBe(1)
    expect(answers.filter((answer) => answer.status === 200).length).toBe(1)
  })
})

describe("the number's own ceiling", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ products: 0 })
  })
  afterAll(() => t?.close())

  it('refuses even the right password from a new address once guesses from everywhere reach it', async () => {
    const phone = freshPhone()
    await createPerson(t.db, { phone, role: 'owner', password: PASSWORD })
    const address = addressBook()
    // what 99 addresses' five guesses each leave on the number's counter (checking them all would take
    // minutes of password hashing), then the last address's five, checked
    for (let i = 0; i < LIMIT.number.max - LIMIT.pair.max; i++) {
      await t.app.rateLimiter.hit(`staff:login:phone:${phone}`, LIMIT.number.windowMs)
    }
    const last = address()
    const guesses = await Promise.all(
      Array.from({ length: LIMIT.pair.max }, (_, i) => login(t.app, phone, `wrong-guess-${i}`, last)),
    )
    expect(guesses.map((answer) => answer.status)).toEqual(Array(LIMIT.pair.max).fill(401))
    const refused = await login(t.app, phone, PASSWORD, address())
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: { phone: [expect.stringMatching(/^Too many failed attempts\./)] } })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60)
  })
})
