import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

describe('GET config: the settings the page reads at run time', () => {
  let plain: TestApp
  let emulated: TestApp
  beforeAll(async () => {
    plain = await createTestApp({ products: 0 })
    emulated = await createTestApp({
      products: 0,
      config: {
        FIREBASE_PROJECT_ID: 'demo-other',
        FIREBASE_API_KEY: 'web-key-123',
        FIREBASE_AUTH_DOMAIN: 'login.example.com',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      },
    })
  })
  afterAll(async () => {
    await plain?.close()
    await emulated?.close()
  })

  it('names the Firebase project the server verifies sign-ins for, and no emulator by default', async () => {
    const answer = await call(plain.app, 'GET', 'config')
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.body).toEqual({
      data: { firebase: { projectId: 'demo-haat', apiKey: null, authDomain: null, authEmulatorHost: null } },
    })
  })

  it('hands over the configured web settings and the Auth emulator the server trusts', async () => {
    const answer = await call(emulated.app, 'GET', 'config')
    expect(answer.body).toEqual({
      data: {
        firebase: {
          projectId: 'demo-other',
          apiKey: 'web-key-123',
          authDomain: 'login.example.com',
          authEmulatorHost: '127.0.0.1:9099',
        },
      },
    })
  })

  it('needs the api key like every other /api call', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/v1/config' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { apiKey: ['The api key is missing'] } })
  })
})
