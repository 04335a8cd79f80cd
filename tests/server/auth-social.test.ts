import {
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { call, userOf } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

const PROJECT = 'demo-haat'
const ISSUER = `https://securetoken.google.com/${PROJECT}`
const KID = 'test-key-1'

let t: TestApp
let privateKey: CryptoKey
let publicPem: string
let otherKey: CryptoKey

beforeAll(async () => {
  t = await createTestApp({ products: 0, config: { FIREBASE_PROJECT_ID: PROJECT } })
  const pair = await generateKeyPair('RS256', { extractable: true })
  privateKey = pair.privateKey
  publicPem = await exportSPKI(pair.publicKey)
  otherKey = (await generateKeyPair('RS256')).privateKey
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }
  t.app.authSettings.identityKeys = createLocalJWKSet({ keys: [jwk] })
})
afterAll(() => t?.close())

const now = () => Math.floor(Date.now() / 1000)

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: PROJECT,
    sub: 'google-user-1',
    iat: now() - 10,
    exp: now() + 3600,
    auth_time: now() - 10,
    email: 'rahim@example.com',
    email_verified: true,
    name: 'Rahim Uddin Ahmed',
    firebase: { sign_in_provider: 'google.com' },
    ...overrides,
  }
}

function sign(payload: JWTPayload, key: CryptoKey = privateKey, kid = KID) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key)
}

const body = (idToken: string | undefined, extra: Record<string, unknown> = {}) => ({
  firstName: 'Rahim Uddin',
  lastName: 'Ahmed',
  email: 'rahim@example.com',
  provider: 'GMAIL',
  userKey: '1049871234',
  ...(idToken === undefined ? {} : { idToken }),
  ...extra,
})

const socialLogin = (payload: Record<string, unknown>) =>
  call(t.app, 'POST', 'auth/customer/social-login', { body: payload })

describe('social sign-in token checks', () => {
  const forged: [string, () => Promise<string | undefined>][] = [
    ['missing token', async () => undefined],
    ['empty token', async () => ''],
    ['garbage', async () => 'not.a.token'],
    ['alg none', async () => new UnsecuredJWT(claims()).encode()],
    [
      'HS256 signed with the public key',
      async () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', kid: KID })
          .sign(new TextEncoder().encode(publicPem)),
    ],
    ['wrong audience', async () => sign(claims({ aud: 'someone-elses-project' }))],
    ['wrong issuer', async () => sign(claims({ iss: 'https://securetoken.google.com/someone-else' }))],
    ['expired', async () => sign(claims({ iat: now() - 7200, exp: now() - 3600 }))],
    ['issued in the future', async () => sign(claims({ iat: now() + 3600, exp: now() + 7200 }))],
    ['unknown key id', async () => sign(claims(), otherKey, 'unknown-kid')],
    ['signed by another key under our key id', async () => sign(claims(), otherKey, KID)],
    ['empty subject', async () => sign(claims({ sub: '' }))],
    [
      'edited payload',
      async () => {
        const [header, , signature] = (await sign(claims())).split('.')
        const payload = Buffer.from(JSON.stringify(claims({ sub: 'someone-else' }))).toString('base64url')
        return `${header}.${payload}.${signature}`
      },
    ],
    [
      'a Facebook token for a Google sign-in',
      async () => sign(claims({ firebase: { sign_in_provider: 'facebook.com' } })),
    ],
  ]

  it.each(forged)('refuses a %s with 401', async (_name, make) => {
    const answer = await socialLogin(body(await make()))
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ error: { auth: [expect.any(String)] } })
    expect(answer.cookie).toBeUndefined()
  })

  it('accepts a correctly signed token and keys the account on provider + subject', async () => {
    const first = await socialLogin(body(await sign(claims())))
    expect(first.status).toBe(200)
    expect(first.cookie).toBeTruthy()
    expect(userOf(first)).toMatchObject({
      firstName: 'Rahim Uddin',
      lastName: 'Ahmed',
      email: 'rahim@example.com',
    })
    const again = await socialLogin(body(await sign(claims()), { userKey: 'anything-else' }))
    expect(userOf(again).id).toBe(userOf(first).id)
    const someoneElse = await socialLogin(
      body(await sign(claims({ sub: 'google-user-2', email: 'x@example.com' }))),
    )
    expect(userOf(someoneElse).id).not.toBe(userOf(first).id)
  })

  it('rejects a missing userKey with "user_key is required"', async () => {
    const { userKey: _dropped, ...withoutKey } = body(await sign(claims()))
    const answer = await socialLogin(withoutKey)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { userKey: ['user_key is required'] } })
  })

  it('never links an unverified email to an existing account, but links a verified one', async () => {
    const owner = userOf(
      await socialLogin(body(await sign(claims({ sub: 'owner-sub', email: 'owner@example.com' })))),
    )
    const unverified = await socialLogin(
      body(
        await sign(
          claims({
            sub: 'attacker-sub',
            email: 'owner@example.com',
            email_verified: false,
            firebase: { sign_in_provider: 'facebook.com' },
          }),
        ),
        { provider: 'FACEBOOK', email: 'owner@example.com' },
      ),
    )
    expect(unverified.status).toBe(200)
    expect(userOf(unverified).id).not.toBe(owner.id)
    expect(userOf(unverified).email).toBeNull()

    const verified = await socialLogin(
      body(
        await sign(
          claims({
            sub: 'owner-fb-sub',
            email: 'owner@example.com',
            firebase: { sign_in_provider: 'facebook.com' },
          }),
        ),
        { provider: 'FACEBOOK' },
      ),
    )
    expect(userOf(verified).id).toBe(owner.id)
  })

  it('refuses unknown fields', async () => {
    const answer = await socialLogin(body(await sign(claims()), { adminType: 'admin' }))
    expect(answer.status).toBe(400)
  })
})

describe('the Firebase Auth emulator', () => {
  it("accepts the emulator's unsigned tokens only when it is configured outside production", async () => {
    const emulated = await createTestApp({
      products: 0,
      config: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    })
    try {
      const answer = await call(emulated.app, 'POST', 'auth/customer/social-login', {
        body: body(new UnsecuredJWT(claims({ sub: 'emulated-sub' })).encode()),
      })
      expect(answer.status).toBe(200)
      const wrongAudience = await call(emulated.app, 'POST', 'auth/customer/social-login', {
        body: body(new UnsecuredJWT(claims({ sub: 'emulated-sub', aud: 'other' })).encode()),
      })
      expect(wrongAudience.status).toBe(401)
    } finally {
      await emulated.close()
    }
  })

  it('refuses to start in production with FIREBASE_AUTH_EMULATOR_HOST set', async () => {
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        STATIC_DIR: '/nonexistent',
      },
    )
    await expect(buildApp(config, { database: t.database })).rejects.toThrow(/FIREBASE_AUTH_EMULATOR_HOST/)
  })
})
