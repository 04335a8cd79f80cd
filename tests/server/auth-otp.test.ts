import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advanceClock, call, lastCode, login, register, sendOtp, tokenOf, userOf } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

const otpLogin = (phone: string, otpId: string, otpCode: string) =>
  call(t.app, 'POST', 'auth/customer/otp-login', { body: { phone, otpId, otpCode } })

async function codeFor(phone: string, type = 'login') {
  const sent = await sendOtp(t.app, phone, type)
  expect(sent.status).toBe(200)
  const otpId = sent.body.otpId as string
  return { otpId, code: await lastCode(t.app, phone) }
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('one-time codes', () => {
  it('sends a 6-digit code to the normalised number and logs in with it, creating the account', async () => {
    const sent = await sendOtp(t.app, '+8801911000001', 'register')
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ phone: '01911000001', otpId: expect.any(String) })
    const code = await lastCode(t.app, '01911000001')
    expect(code).toMatch(/^\d{6}$/)
    const answer = await otpLogin('01911000001', sent.body.otpId as string, code)
    expect(answer.status).toBe(200)
    expect(userOf(answer)).toMatchObject({ phone: '01911000001' })
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: tokenOf(answer) })).status).toBe(200)
  })

  it('reads a number and a code typed in Bengali digits as the same number and code', async () => {
    const sent = await sendOtp(t.app, '০১৯১১০০০০৪০', 'login')
    expect(sent.status).toBe(200)
    expect(sent.body.phone).toBe('01911000040')
    const code = await lastCode(t.app, '01911000040')
    const bengali = code.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)))
    const answer = await otpLogin('০১৯১১০০০০৪০', sent.body.otpId as string, bengali)
    expect(answer.status).toBe(200)
    expect(userOf(answer)).toMatchObject({ phone: '01911000040' })
  })

  it('logs an existing account in with a code', async () => {
    const registered = userOf(await register(t.app, '01911000002'))
    advanceClock(t.app, 61_000)
    const { otpId, code } = await codeFor('01911000002')
    const answer = await otpLogin('01911000002', otpId, code)
    expect(userOf(answer).id).toBe(registered.id)
  })

  it('never stores the code itself', async () => {
    const { code } = await codeFor('01911000003')
    const rows = await t.database.db.execute(`select code_hash from otps where phone = '01911000003'`)
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(code)
  })

  it('refuses a code used twice', async () => {
    const { otpId, code } = await codeFor('01911000004')
    expect((await otpLogin('01911000004', otpId, code)).status).toBe(200)
    const again = await otpLogin('01911000004', otpId, code)
    expect(again.status).toBe(400)
    expect(again.body.error).toHaveProperty('otpCode')
  })

  it('refuses a code after 5 minutes', async () => {
    const { otpId, code } = await codeFor('01911000005')
    advanceClock(t.app, 5 * 60 * 1000 + 1000)
    const late = await otpLogin('01911000005', otpId, code)
    expect(late.status).toBe(400)
    expect(late.body.error).toHaveProperty('otpCode')
  })

  it("refuses a code sent to another number, and the other number's own code still works", async () => {
    const mine = await codeFor('01911000006')
    const answer = await otpLogin('01911000007', mine.otpId, mine.code)
    expect(answer.status).toBe(400)
    expect((await otpLogin('01911000006', mine.otpId, mine.code)).status).toBe(200)
  })

  it('voids the code after 5 wrong tries: the 6th attempt fails even with the right code', async () => {
    const { otpId, code } = await codeFor('01911000008')
    for (let i = 0; i < 5; i++) {
      const answer = await otpLogin('01911000008', otpId, wrong(code))
      expect(answer.status).toBe(400)
      expect(answer.body.error).toHaveProperty('otpCode')
    }
    const sixth = await otpLogin('01911000008', otpId, code)
    expect(sixth.status).toBe(400)
    expect(sixth.body.error).toHaveProperty('otpCode')
  })

  it('refuses a reset code for logging in', async () => {
    await register(t.app, '01911000009')
    advanceClock(t.app, 61_000)
    const { otpId, code } = await codeFor('01911000009', 'reset')
    expect((await otpLogin('01911000009', otpId, code)).status).toBe(400)
  })

  it('refuses a malformed code or id with field errors', async () => {
    const answer = await call(t.app, 'POST', 'auth/customer/otp-login', {
      body: { phone: '01911000010', otpId: 'nope', otpCode: '12ab' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toHaveProperty('otpId')
    expect(answer.body.error).toHaveProperty('otpCode')
  })
})

describe('sending limits', () => {
  it('allows one code a minute per number and address', async () => {
    expect((await sendOtp(t.app, '01511000001')).status).toBe(200)
    const second = await sendOtp(t.app, '+8801511000001')
    expect(second.status).toBe(429)
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60)
    advanceClock(t.app, 61_000)
    expect((await sendOtp(t.app, '01511000001')).status).toBe(200)
  })

  it('allows five codes an hour per number and address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(t.app, '01511000002')).status).toBe(200)
      advanceClock(t.app, 61_000)
    }
    expect((await sendOtp(t.app, '01511000002')).status).toBe(429)
  })

  it('caps the codes one address can ask for', async () => {
    let status = 200
    let sent = 0
    for (let i = 0; i < 40 && status === 200; i++) {
      status = (await sendOtp(t.app, `015120000${String(i).padStart(2, '0')}`, 'login', '10.9.9.9')).status
      if (status === 200) sent++
    }
    expect(status).toBe(429)
    expect(sent).toBe(30)
  })
})

describe('password reset by code', () => {
  it('sets a new password and ends every session', async () => {
    const before = tokenOf(await register(t.app, '01611000001', 'old-password'))
    advanceClock(t.app, 61_000)
    const { otpId, code } = await codeFor('01611000001', 'reset')
    const reset = await call(t.app, 'POST', 'auth/customer/password-reset', {
      body: { phone: '01611000001', otpId, otpCode: code, password: 'new-password' },
    })
    expect(reset.status).toBe(200)
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: before })).status).toBe(401)
    expect((await login(t.app, '01611000001', 'old-password')).status).toBe(401)
    expect((await login(t.app, '01611000001', 'new-password')).status).toBe(200)
  })

  it('answers a reset for an unknown number like any other, but sends nothing', async () => {
    const sent = await sendOtp(t.app, '01611000002', 'reset')
    expect(sent.status).toBe(200)
    const outbox = await call(t.app, 'GET', 'dev/sms-outbox?phone=01611000002')
    expect(outbox.body.data).toEqual([])
  })
})
