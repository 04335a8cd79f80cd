import { expect, test } from '@playwright/test'
import { generateKeyPair, SignJWT } from 'jose'
import { userAnswer } from '../../src/contract/auth'
import { API_HEADERS, userIcon } from './auth-support'
import { openPage, recordRequests } from './fixtures'
import {
  authEmulatorOrigin,
  emulatedGoogleIdentity,
  serveGoogleScriptsLocally,
  signInAsKnownGoogleAccount,
  signInAsNewGoogleAccount,
} from './social-support'

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`
const isSocialLogin = (url: string) => url.endsWith('/api/v1/auth/customer/social-login')

let emulator = ''

test.describe('Google sign-in through the Firebase Auth emulator', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    // the emulator starts with the app server and can take longer on a busy machine
    test.setTimeout(180_000)
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    emulator = await authEmulatorOrigin(request, 170_000)
    await request.dispose()
  })

  test('the shopper signs in with Google from /auth/login, stays logged in, and comes back to the same account', async ({
    page,
    context,
  }) => {
    await serveGoogleScriptsLocally(context)
    const email = `nusrat.${unique()}@example.com`
    const firebase = recordRequests(page, (request) => /firebase/i.test(request.url()))
    await openPage(page, '/auth/login')
    expect(firebase).toHaveLength(0)

    const socialLogin = page.waitForRequest((request) => isSocialLogin(request.url()))
    const popup = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await signInAsNewGoogleAccount(await popup, { email, name: 'Nusrat Jahan Chowdhury' })

    // the app sends the name split as storefront §3 says, the provider's user id and the emulator's ID token
    const sent = await socialLogin
    expect(sent.postDataJSON()).toEqual({
      firstName: 'Nusrat Jahan',
      lastName: 'Chowdhury',
      email,
      provider: 'GMAIL',
      userKey: expect.stringMatching(/^\d+$/),
      idToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]*$/),
    })
    expect((await sent.response())?.status()).toBe(200)
    expect(firebase.length).toBeGreaterThan(0)

    await expect(page).toHaveURL(/\/user$/)
    const summary = page.locator('.account-summary')
    await expect(summary.getByText('Nusrat Jahan Chowdhury')).toBeVisible()
    await expect(summary.getByText(email)).toBeVisible()
    await expect(
      page.locator('header.site-header').getByRole('link', { name: 'My account' }).first(),
    ).toBeVisible()
    const session = await page.request.get('/api/v1/auth/validate-token', { headers: API_HEADERS })
    expect(session.status()).toBe(200)
    const user = userAnswer.parse(await session.json()).data
    expect(user).toMatchObject({ firstName: 'Nusrat Jahan', lastName: 'Chowdhury', email })

    await page.reload()
    await expect(summary.getByText('Nusrat Jahan Chowdhury')).toBeVisible()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(userIcon(page)).toBeVisible()
    await openPage(page, '/auth/login')
    const again = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await signInAsKnownGoogleAccount(await again, email)
    await expect(page).toHaveURL(/\/user$/)
    await expect(summary.getByText(email)).toBeVisible()
    const back = await page.request.get('/api/v1/auth/validate-token', { headers: API_HEADERS })
    expect(userAnswer.parse(await back.json()).data.id).toBe(user.id)
  })

  test('a bare userKey or a token the server cannot verify logs no one in', async ({ request }) => {
    const sub = unique()
    const email = `rahim.${sub}@example.com`
    const genuine = await emulatedGoogleIdentity(request, emulator, { sub, email, name: 'Rahim Uddin' })
    const body = { firstName: 'Rahim', lastName: 'Uddin', email, provider: 'GMAIL', userKey: sub }

    const { privateKey } = await generateKeyPair('RS256')
    const claims = JSON.parse(Buffer.from(genuine.idToken.split('.')[1] ?? '', 'base64url').toString())
    const signedByAnyone = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'made-up-key' })
      .sign(privateKey)
    const otherProject = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({ ...claims, aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' }),
      ).toString('base64url'),
      '',
    ].join('.')

    const refused: [string, Record<string, unknown>][] = [
      ['no ID token, only the userKey', body],
      ['a token signed by a key that is not Google’s', { ...body, idToken: signedByAnyone }],
      ['an unsigned token of another project', { ...body, idToken: otherProject }],
      [
        'a Google token sent as a Facebook sign-in',
        { ...body, provider: 'FACEBOOK', idToken: genuine.idToken },
      ],
    ]
    for (const [attempt, data] of refused) {
      const answer = await request.post('/api/v1/auth/customer/social-login', { headers: API_HEADERS, data })
      expect(answer.status(), attempt).toBe(401)
      expect(await answer.json(), attempt).toEqual({ error: { auth: [expect.any(String)] } })
      expect(answer.headers()['set-cookie'], attempt).toBeUndefined()
    }
    const stillOut = await request.get('/api/v1/auth/validate-token', { headers: API_HEADERS })
    expect(stillOut.status()).toBe(401)

    // the same request with the emulator's own token is let in: the refusals above are about the proof
    const accepted = await request.post('/api/v1/auth/customer/social-login', {
      headers: API_HEADERS,
      data: { ...body, idToken: genuine.idToken },
    })
    expect(accepted.status()).toBe(200)
    const inNow = await request.get('/api/v1/auth/validate-token', { headers: API_HEADERS })
    expect(userAnswer.parse(await inNow.json()).data.email).toBe(email)
  })
})
