import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  advanceClock,
  call,
  lastCode,
  login,
  register,
  requestRegistration,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  tokenOf,
  userOf,
} from './auth-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
})
afterAll(() => t?.close())

describe('registration and password login', () => {
  it('registers a number and answers a session with the public user only', async () => {
    const answer = await register(t.app, '01711000001', 'first-pass')
    expect(answer.status).toBe(200)
    expect(tokenOf(answer)).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(Object.keys(userOf(answer)).sort()).toEqual(
      ['adminType', 'avatar', 'email', 'firstName', 'gender', 'id', 'lastName', 'phone', 'status'].sort(),
    )
    expect(userOf(answer)).toMatchObject({ phone: '01711000001', firstName: '', lastName: '' })
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|hash/i)
  })

  it.each(['+8801711000002', '8801711000002', '008801711000002', '01711000002'])(
    'treats %s as the same account as its other spellings',
    async (spelling) => {
      if (!(await t.app.accounts.byPhone('01711000002'))) {
        expect((await register(t.app, '01711000002', 'same-pass')).status).toBe(200)
      }
      const answer = await login(t.app, spelling, 'same-pass')
      expect(answer.status).toBe(200)
      expect(userOf(answer).phone).toBe('01711000002')
      // registering a known number answers as for a new one: a code goes to its owner, nothing else is said
      const again = await requestRegistration(t.app, spelling, 'other-pass', `10.9.0.${spelling.length}`)
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ phone: '01711000002', otpId: expect.any(String) })
    },
  )

  it.each(['1711000003', '01211000003', '+8801711', '017110000033', 'phone', '+9101711000003', ''])(
    'refuses the number %j with a phone error',
    async (phone) => {
      const answer = await register(t.app, phone)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toHaveProperty('phone')
    },
  )

  it('refuses unknown fields instead of storing them', async () => {
    const answer = await call(t.app, 'POST', 'auth/customer/register', {
      body: {
        firstName: '',
        lastName: '',
        phone: '01711000004',
        password: 'secret-pass',
        adminType: 'admin',
      },
    })
    expect(answer.status).toBe(400)
    const login = await call(t.app, 'POST', 'auth/customer/login', {
      body: { phone: '01711000004', password: 'secret-pass' },
    })
    expect(login.status).toBe(401)
  })

  it.each([
    ['seven77', 'Use at least 8 characters'],
    ['x'.repeat(129), 'Use at most 128 characters'],
  ])('applies the password policy to %j', async (password, message) => {
    const answer = await register(t.app, '01711000005', password)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { password: [message] } })
  })

  it('applies a stricter configured policy', async () => {
    const previous = t.app.authSettings.passwordPolicy
    t.app.authSettings.passwordPolicy = { ...previous, min: 8, upper: true, digit: true }
    try {
      const weak = await register(t.app, '01711000006', 'lowercase')
      expect(weak.status).toBe(400)
      expect(weak.body.error).toEqual({ password: ['Add an uppercase letter', 'Add a digit'] })
      expect((await register(t.app, '01711000006', 'Upper1case')).status).toBe(200)
    } finally {
      t.app.authSettings.passwordPolicy = previous
    }
  })

  it('gives an unknown number and a wrong password the same answer', async () => {
    await register(t.app, '01711000007', 'right-pass')
    const wrong = await login(t.app, '01711000007', 'wrong-pass', '10.0.0.7')
    const unknown = await login(t.app, '01711999999', 'wrong-pass', '10.0.0.7')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(wrong.status)
    expect(unknown.body).toEqual(wrong.body)
  })

  it('sets an HttpOnly, SameSite=Lax session cookie for 365 days', async () => {
    const requested = await requestRegistration(t.app, '01711000008', 'secret-pass')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/otp-login',
      headers: { 'x-api-key': 'haat-demo-key' },
      payload: {
        phone: '01711000008',
        otpId: requested.body.otpId,
        otpCode: await lastCode(t.app, '01711000008'),
      },
    })
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 })
    expect(cookie?.value).toBe(
      tokenOf({ status: 200, body: response.json(), headers: {}, cookie: undefined, hint: undefined }),
    )
    // the page may read that a session exists, never the token
    const hint = response.cookies.find((c) => c.name === SESSION_HINT_COOKIE)
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 })
    expect(hint?.httpOnly).toBeFalsy()
  })

  it('gives a session that ends with the browser a hint that ends with it too', async () => {
    await register(t.app, '01711000099', 'secret-pass')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      headers: { 'x-api-key': 'haat-demo-key' },
      payload: { phone: '01711000099', password: 'secret-pass', remember: false },
    })
    expect(response.statusCode).toBe(200)
    for (const name of [SESSION_COOKIE, SESSION_HINT_COOKIE]) {
      const cookie = response.cookies.find((c) => c.name === name)
      expect(cookie?.value, name).toBeTruthy()
      expect(cookie?.maxAge, name).toBeUndefined()
    }
  })

  it('creates a fresh session at each login', async () => {
    await register(t.app, '01711000009', 'secret-pass')
    const one = tokenOf(await login(t.app, '01711000009', 'secret-pass'))
    const two = tokenOf(await login(t.app, '01711000009', 'secret-pass'))
    expect(one).not.toBe(two)
  })
})

describe('sessions', () => {
  it('accepts the cookie and the Bearer header, and nothing else', async () => {
    const token = tokenOf(await register(t.app, '01711000010'))
    expect((await call(t.app, 'GET', 'auth/validate-token', { token })).body).toMatchObject({
      data: { phone: '01711000010' },
    })
    expect((await call(t.app, 'GET', 'auth/validate-token', { bearer: token })).status).toBe(200)
    expect((await call(t.app, 'GET', 'auth/validate-token', { bearer: `${token}x` })).status).toBe(401)
    expect((await call(t.app, 'GET', 'auth/validate-token')).status).toBe(401)
  })

  it('revokes the session at logout and clears the cookie', async () => {
    const token = tokenOf(await register(t.app, '01711000011'))
    const out = await call(t.app, 'POST', 'auth/logout', { token })
    expect(out.status).toBe(200)
    expect(out.cookie).toBe('')
    expect(out.hint).toBe('')
    expect((await call(t.app, 'GET', 'auth/validate-token', { token })).status).toBe(401)
    expect((await call(t.app, 'GET', 'auth/validate-token', { bearer: token })).status).toBe(401)
  })

  it('expires a session after 365 days', async () => {
    const token = tokenOf(await register(t.app, '01711000012'))
    const realNow = t.app.clock.now
    t.app.clock.now = () => new Date(realNow().getTime() + 366 * 24 * 60 * 60 * 1000)
    try {
      const check = await call(t.app, 'GET', 'auth/validate-token', { token })
      expect(check.status).toBe(401)
      // the browser forgets the dead session, so its next start asks nothing
      expect(check.cookie).toBe('')
      expect(check.hint).toBe('')
    } finally {
      t.app.clock.now = realNow
    }
  })
})

describe('profile and password change', () => {
  it.each([
    ['GET', 'user/customer/profile', undefined],
    ['PATCH', 'user/customer/profile', { firstName: 'Rahim' }],
    ['PATCH', 'user/customer/profile/password', { currentPassword: 'a-password', password: 'b-password' }],
  ] as const)('%s %s without a session → 401', async (method, url, body) => {
    const answer = await call(t.app, method, url, { body })
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ error: { auth: [expect.any(String)] } })
  })

  it('edits names, email and gender but never the role', async () => {
    const token = tokenOf(await register(t.app, '01711000013'))
    const edited = await call(t.app, 'PATCH', 'user/customer/profile', {
      token,
      body: { firstName: ' Rahim  Uddin ', lastName: 'Ahmed', email: 'Rahim@Example.com', gender: 'male' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({
      firstName: 'Rahim Uddin',
      lastName: 'Ahmed',
      email: 'rahim@example.com',
      gender: 'male',
      adminType: 'customer',
    })
    const escalate = await call(t.app, 'PATCH', 'user/customer/profile', {
      token,
      body: { adminType: 'admin' },
    })
    expect(escalate.status).toBe(400)
    const bad = await call(t.app, 'PATCH', 'user/customer/profile', {
      token,
      body: { email: 'not-an-email' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toHaveProperty('email')
  })

  it('changes the password only with the current one, and ends every other session', async () => {
    const kept = tokenOf(await register(t.app, '01711000014', 'old-password'))
    const other = tokenOf(await login(t.app, '01711000014', 'old-password'))
    const refused = await call(t.app, 'PATCH', 'user/customer/profile/password', {
      token: kept,
      body: { currentPassword: 'not-it', password: 'new-password' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toHaveProperty('currentPassword')

    const changed = await call(t.app, 'PATCH', 'user/customer/profile/password', {
      token: kept,
      body: { currentPassword: 'old-password', password: 'new-password' },
    })
    expect(changed.status).toBe(200)
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: kept })).status).toBe(200)
    expect((await call(t.app, 'GET', 'auth/validate-token', { token: other })).status).toBe(401)
    expect((await login(t.app, '01711000014', 'old-password')).status).toBe(401)
    expect((await login(t.app, '01711000014', 'new-password')).status).toBe(200)
  })
})

describe('the password rule, wherever a shopper chooses one', () => {
  const GUESSABLE =
    'This password is too common or too easy to guess. Use a longer one, such as a few unrelated words.'
  const PERSONAL = 'Do not use your mobile number or name in your password'

  it.each([
    ['12345678', GUESSABLE],
    ['password', GUESSABLE],
    ['aaaaaaaa', GUESSABLE],
    ['haat-owner-demo', GUESSABLE],
    ['01711000020', PERSONAL],
  ])('refuses %j at registration', async (password, message) => {
    const answer = await requestRegistration(t.app, '01711000020', password)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { password: [message] } })
  })

  it('refuses a weak password at a reset and at a change, in Bangla too, and keeps the old one', async () => {
    const phone = '01711000021'
    const token = tokenOf(await register(t.app, phone, 'shopper-old-pass'))
    await call(t.app, 'PATCH', 'user/customer/profile', { token, body: { firstName: 'Nasrin' } })
    const changed = await call(t.app, 'PATCH', 'user/customer/profile/password', {
      token,
      body: { currentPassword: 'shopper-old-pass', password: 'nasrin2024' },
    })
    expect(changed.body).toEqual({ error: { password: [PERSONAL] } })

    advanceClock(t.app, 61_000)
    const sent = await call(t.app, 'POST', 'auth/customer/send-otp', { body: { phone, type: 'reset' } })
    expect(sent.status).toBe(200)
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/password-reset',
      headers: { ...apiHeaders, 'accept-language': 'bn' },
      payload: {
        phone,
        otpId: sent.body.otpId,
        otpCode: await lastCode(t.app, phone),
        password: 'qwerty123',
      },
    })
    expect(reset.statusCode).toBe(400)
    expect(reset.json()).toEqual({
      error: {
        password: ['এই পাসওয়ার্ডটি খুব প্রচলিত বা সহজে অনুমান করা যায়। আরও লম্বা একটি দিন, যেমন কয়েকটি আলাদা শব্দ একসাথে।'],
      },
    })
    expect((await login(t.app, phone, 'shopper-old-pass')).status).toBe(200)
  })
})
