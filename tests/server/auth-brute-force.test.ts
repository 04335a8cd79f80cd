import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otps } from '../../server/db/schema'
import { authLimits } from '../../server/routes/auth/limits'
import { issueOtp } from '../../server/routes/auth/otp-store'
import { type Answer, advanceClock, call, lastCode, login, register, sendOtp } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

const { password: PASSWORD, code: CODE } = authLimits
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length
const otpLogin = (phone: string, otpId: string, otpCode: string, ip: string) =>
  call(t.app, 'POST', 'auth/customer/otp-login', { body: { phone, otpId, otpCode }, ip })
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
/** What the server says when it compared the code (a refusal before comparing says something else). */
const compared = (answer: Answer) =>
  JSON.stringify(answer.body).match(/The code is not correct|Too many wrong codes\. Request a new one/) !==
  null

describe('password guessing', () => {
  it('checks at most the limit of 200 parallel guesses, then refuses even the right password, saying how long', async () => {
    const phone = '01811000001'
    await register(t.app, phone, 'right-password', '10.1.0.1')
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(t.app, phone, `guess-${i}`, '10.1.9.9')),
    )
    expect(count(guesses, 401)).toBeLessThanOrEqual(PASSWORD.pair.max)
    expect(count(guesses, 429)).toBeGreaterThanOrEqual(200 - PASSWORD.pair.max)
    const locked = await login(t.app, phone, 'right-password', '10.1.9.9')
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({
      error: { phone: [expect.stringMatching(/Try again in 1[45] minutes\.$/)] },
    })
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(13 * 60)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)

    // the owner, from their own address, is not refused for the stranger's guesses
    expect((await login(t.app, phone, 'right-password', '10.1.1.1')).status).toBe(200)
    advanceClock(t.app, 15 * 60 * 1000 + 1000)
    expect((await login(t.app, phone, 'right-password', '10.1.9.9')).status).toBe(200)
  })

  it("refuses the right password from a new address only once the number's ceiling is reached", async () => {
    const phone = '01811000002'
    await register(t.app, phone, 'right-password', '10.2.0.1')
    const perAddress = PASSWORD.pair.max
    const addresses = Math.ceil(PASSWORD.number.max / perAddress)
    const guesses = await Promise.all(
      Array.from({ length: addresses * perAddress + 50 }, (_, i) =>
        login(t.app, phone, `guess-${i}`, `10.2.${1 + (i % (addresses + 5))}.1`),
      ),
    )
    expect(count(guesses, 401)).toBeLessThanOrEqual(PASSWORD.number.max)
    const refused = await login(t.app, phone, 'right-password', '10.2.200.1')
    expect(refused.status).toBe(429)
    advanceClock(t.app, 60 * 60 * 1000 + 1000)
    expect((await login(t.app, phone, 'right-password', '10.2.200.1')).status).toBe(200)
  })

  it('stops an address that sprays many numbers, and no one else', async () => {
    await register(t.app, '01811000003', 'right-password', '10.3.0.1')
    const sprayed = await Promise.all(
      Array.from({ length: PASSWORD.address.max + 20 }, (_, i) =>
        login(t.app, `0181300${String(i).padStart(4, '0')}`, 'guess', '10.3.9.9'),
      ),
    )
    expect(count(sprayed, 401)).toBeLessThanOrEqual(PASSWORD.address.max)
    expect((await login(t.app, '01811000003', 'right-password', '10.3.9.9')).status).toBe(429)
    expect((await login(t.app, '01811000003', 'right-password', '10.3.9.8')).status).toBe(200)
  })
})

describe('code guessing', () => {
  it('compares at most five of 200 parallel guesses at one code, and the code is void after them', async () => {
    const phone = '01811000011'
    const sent = await sendOtp(t.app, phone, 'login', '10.11.0.1')
    const otpId = sent.body.otpId as string
    const code = await lastCode(t.app, phone)
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => otpLogin(phone, otpId, wrong(code), `10.11.${i % 250}.2`)),
    )
    expect(guesses.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true)
    expect(guesses.filter(compared).length).toBeLessThanOrEqual(5)
    const [row] = await t.db.select().from(otps).where(eq(otps.id, otpId))
    expect(row?.attempts).toBe(5)
    expect((await otpLogin(phone, otpId, code, '10.11.0.1')).status).not.toBe(200)
  })

  it("reserves no more than the number's daily ceiling of 150 parallel checks from many addresses", async () => {
    const phone = '01811000012'
    const checks = await Promise.all(
      Array.from({ length: 150 }, (_, i) => otpLogin(phone, randomUUID(), '000000', `10.12.${i}.1`)),
    )
    expect(count(checks, 400)).toBeLessThanOrEqual(CODE.number.max)
    expect(count(checks, 429)).toBeGreaterThanOrEqual(150 - CODE.number.max)
    // the ceiling is reached: even the right code is refused until the day is over
    const { otpId, code } = await issueOtp(t.app, phone, 'login')
    const refused = await otpLogin(phone, otpId, code, '10.12.200.1')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: { otpCode: [expect.stringMatching(/Try again in \d+ hours?\.$/)] },
    })
  })

  it("lets the owner's right code in after a stranger's 100 wrong codes from another address", async () => {
    const phone = '01811000013'
    const stranger = await Promise.all(
      Array.from({ length: 100 }, () => otpLogin(phone, randomUUID(), '123456', '10.13.6.6')),
    )
    expect(count(stranger, 400)).toBeLessThanOrEqual(CODE.pair.max)
    expect(count(stranger, 429)).toBeGreaterThanOrEqual(100 - CODE.pair.max)
    const sent = await sendOtp(t.app, phone, 'login', '10.13.7.7')
    expect(sent.status).toBe(200)
    const owner = await otpLogin(phone, sent.body.otpId as string, await lastCode(t.app, phone), '10.13.7.7')
    expect(owner.status).toBe(200)
  })

  it("keeps a stranger from using up the owner's text messages", async () => {
    const phone = '01811000014'
    for (let i = 0; i < 8; i++) {
      await sendOtp(t.app, phone, 'login', '10.14.6.6')
      advanceClock(t.app, 61_000)
    }
    expect((await sendOtp(t.app, phone, 'login', '10.14.6.6')).status).toBe(429)
    expect((await sendOtp(t.app, phone, 'login', '10.14.7.7')).status).toBe(200)
  })
})
