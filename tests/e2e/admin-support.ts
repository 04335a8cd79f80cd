import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type APIRequestContext,
  request as apiRequest,
  type Cookie,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { API_HEADERS, freshPhone, readCode } from './auth-support'
import { expectAccessible, isMobile } from './fixtures'

/** The shop's first owner, made by the first test that needs an owner through the link the start printed. */
export const FIRST_OWNER = {
  phone: '01911000000',
  name: 'Shop Owner',
  password: 'owner-e2e-pass-2026',
} as const

/**
 * A run starts on a fresh database with no owner (playwright.config.ts), and both projects run at once. So
 * the first test that needs an owner makes the shop's first owner through the pages, from the one-time link
 * the server printed on its console, then invites a second owner, "Run Test", whose signed-in session every
 * other test shares (one SMS each: a staff number gets one code a minute). What they share lives in the
 * run's data folder.
 */
const port = Number(process.env.E2E_PORT ?? 4300)
/** playwright.config.ts's baseURL, for API contexts of their own */
const BASE_URL = `http://127.0.0.1:${port}`
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`
/** what the server printed (playwright.config.ts keeps a copy of its console there) */
const serverConsole = `${dataDir}-console.log`
const shared = join(dataDir, 'admin-e2e')
const ownerFile = join(shared, 'owner.json')
/** invited as first name Run, last name Test (every invited person's last name here) */
export const RUN_OWNER = 'Run Test'

type OwnerSession = { cookies: Cookie[]; csrfToken: string }

/** True for exactly one caller in a run. */
function claim(name: string): boolean {
  mkdirSync(shared, { recursive: true })
  try {
    mkdirSync(join(shared, name))
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The API as the shop's own pages call it (their Origin, the api key), with cookies of its own. */
export async function freshApi(extraHeaders: Record<string, string> = {}, cookies: Cookie[] = []) {
  return apiRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { ...API_HEADERS, origin: BASE_URL, ...extraHeaders },
    storageState: { cookies, origins: [] },
  })
}

/** Number, password and SMS code through the API: the context holds the staff cookie; answers the CSRF token. */
export async function signInThroughApi(
  api: APIRequestContext,
  phone: string,
  password: string,
): Promise<string> {
  const login = await api.post('/api/v1/admin/auth/login', { data: { phone, password } })
  expect(login.status(), await login.text()).toBe(200)
  const { data } = (await login.json()) as { data: { challenge: string; methods: string[] } }
  if (data.methods[0] !== 'sms') {
    const sent = await api.post('/api/v1/admin/auth/send-code', { data: { challenge: data.challenge } })
    expect(sent.status(), await sent.text()).toBe(200)
  }
  const code = await readCode(api, phone)
  const verify = await api.post('/api/v1/admin/auth/verify', {
    data: { challenge: data.challenge, method: 'sms', code },
  })
  expect(verify.status(), await verify.text()).toBe(200)
  return ((await verify.json()) as { data: { csrfToken: string } }).data.csrfToken
}

/** Invites someone through the API; answers their number, setup token and id. */
export async function invite(
  api: APIRequestContext,
  role: 'owner' | 'manager' | 'staff',
  firstName: string,
  headers: Record<string, string> = {},
): Promise<{ phone: string; token: string; id: number }> {
  const phone = freshPhone()
  const answer = await api.post('/api/v1/admin/staff', {
    headers: { ...API_HEADERS, ...headers },
    data: { phone, firstName, lastName: 'Test', role },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  const { data } = (await answer.json()) as { data: { setupUrl: string; staff: { id: number } } }
  const token = new URL(data.setupUrl).searchParams.get('token') ?? ''
  expect(token).not.toBe('')
  return { phone, token, id: data.staff.id }
}

/** A person invited through the API who has chosen a password and signed in (their own API context). */
export async function staffThroughApi(
  owner: APIRequestContext,
  role: 'owner' | 'manager' | 'staff',
  firstName: string,
  headers: Record<string, string> = {},
) {
  const person = await invite(owner, role, firstName, headers)
  const password = `${firstName.toLowerCase()}-pass-2026`
  const api = await freshApi()
  const setup = await api.post('/api/v1/admin/auth/setup', { data: { token: person.token, password } })
  expect(setup.status(), await setup.text()).toBe(200)
  const csrfToken = await signInThroughApi(api, person.phone, password)
  const cookies = (await api.storageState()).cookies.filter((cookie) => cookie.name === 'haat_staff')
  return { ...person, password, api, session: { cookies, csrfToken } }
}

/** The sign-in page's first step, by keyboard only: the number field has the focus (or is filled in). */
export async function enterNumberAndPassword(page: Page, phone: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible()
  const number = page.getByLabel('Mobile number')
  if ((await number.inputValue()) === '') {
    await expect(number).toBeFocused()
    await page.keyboard.type(phone)
    await page.keyboard.press('Tab')
  }
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type(password)
  await page.keyboard.press('Enter')
}

/** Bengali digits, as a Bangla keyboard types them. */
export const toBengaliDigits = (text: string) =>
  text.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)] as string)

/** The one-time link the server printed at its start, while the shop had no owner. */
async function firstOwnerLink(): Promise<string> {
  const printed = /\/admin\/setup\?owner=[\w-]+/
  let link = ''
  await expect
    .poll(
      () => {
        link = existsSync(serverConsole) ? (printed.exec(readFileSync(serverConsole, 'utf8'))?.[0] ?? '') : ''
        return link
      },
      { message: `the first-owner link in ${serverConsole}`, timeout: 30_000 },
    )
    .not.toBe('')
  return link
}

/**
 * The shop's first owner, through the pages: the link the server printed, the owner's number, name and
 * password, then their first sign-in (the SMS code typed in Bengali digits) and the dashboard. Done once in
 * a run, by whichever test needs an owner first, which then makes the run's shared owner. True when this
 * call did it.
 */
export async function firstOwnerSetUp(page: Page): Promise<boolean> {
  if (!claim('first-owner')) return false
  const link = await firstOwnerLink()
  await page.goto(link)
  await expect(page.getByRole('heading', { name: "Make the shop's first owner" })).toBeVisible()
  await expectAccessible(page)
  await expect(page.getByLabel('Mobile number')).toBeFocused()
  await page.keyboard.type(FIRST_OWNER.phone)
  await page.getByLabel('First name').fill('Shop')
  await page.getByLabel('Last name (optional)').fill('Owner')
  await page.getByLabel('New password', { exact: true }).fill(FIRST_OWNER.password)
  await page.getByLabel('New password again').fill('not-the-same')
  await page.getByRole('button', { name: 'Create the owner' }).click()
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same')
  await expect(page.getByLabel('New password again')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('New password again').fill(FIRST_OWNER.password)
  await page.getByRole('button', { name: 'Create the owner' }).click()
  await expect(page.getByRole('heading', { name: 'The owner is ready' })).toBeVisible()
  await expectAccessible(page)

  // the link works once
  const again = await page.request.post('/api/v1/admin/auth/first-owner', {
    headers: { ...API_HEADERS, origin: BASE_URL },
    data: {
      token: new URL(link, BASE_URL).searchParams.get('owner'),
      phone: freshPhone(),
      firstName: 'Someone',
      password: 'someone-else-2026',
    },
  })
  expect(again.status()).toBe(400)

  await page.getByRole('link', { name: 'Sign in' }).click()
  // the number is filled in from the setup
  await expect(page.getByLabel('Mobile number')).toHaveValue(FIRST_OWNER.phone)
  await enterNumberAndPassword(page, FIRST_OWNER.phone, FIRST_OWNER.password)
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await expect(page.getByText('We sent a 6-digit code by SMS to 019•••••000.')).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('SMS code').fill(toBengaliDigits(await readCode(page.request, FIRST_OWNER.phone)))
  await expect(page.getByLabel('SMS code')).toHaveValue(/^\d{6}$/)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${FIRST_OWNER.name}` })).toBeVisible()

  // the run's shared owner, invited by the first owner with this page's session
  const me = await page.request.get('/api/v1/admin/auth/me', { headers: API_HEADERS })
  const { csrfToken } = ((await me.json()) as { data: { csrfToken: string } }).data
  const runOwner = await staffThroughApi(page.request, 'owner', 'Run', {
    origin: BASE_URL,
    'x-csrf-token': csrfToken,
  })
  await runOwner.api.dispose()
  writeFileSync(ownerFile, JSON.stringify(runOwner.session satisfies OwnerSession))
  return true
}

/** The run's shared owner session (made by this test's page when no other test has started it). */
export async function ownerSession(page: Page): Promise<OwnerSession> {
  if (await firstOwnerSetUp(page)) await page.context().clearCookies()
  for (let waited = 0; waited < 150_000; waited += 500) {
    if (existsSync(ownerFile)) return JSON.parse(readFileSync(ownerFile, 'utf8')) as OwnerSession
    await sleep(500)
  }
  throw new Error("the first owner's setup never finished")
}

/** The page's browser signed in as the run's owner. */
export async function signInAsOwner(page: Page) {
  await page.context().addCookies((await ownerSession(page)).cookies)
}

/** The API as the run's owner, for what a test needs to exist first. */
export async function ownerApi(page: Page): Promise<APIRequestContext> {
  const { cookies, csrfToken } = await ownerSession(page)
  return freshApi({ 'x-csrf-token': csrfToken }, cookies)
}

/**
 * A code of an authenticator app holding `secret` that the server takes now, never one already used: the
 * current one, else the next, as an app whose clock runs a little ahead shows it. The server allows a step
 * either side and takes each step once, and only after the last it took, so two codes are always there to
 * be had without waiting for the app's clock; a test needs no more than two.
 */
export async function nextTotpCode(secret: string, used: Set<string>): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
  const now = Date.now()
  const code = [totp.generate({ timestamp: now }), totp.generate({ timestamp: now + 30_000 })].find(
    (candidate) => !used.has(candidate),
  )
  if (!code) throw new Error('the codes the server takes now are both used: a test signs in at most twice')
  used.add(code)
  return code
}

/** On a phone the sections, the language switch and signing out are in the menu. */
export async function openMenuOnPhone(page: Page, testInfo: TestInfo, menuName = 'Menu') {
  if (!isMobile(testInfo)) return
  const button = page.getByRole('button', { name: menuName })
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
}

/** Nothing on the page is wider than the screen (a table may scroll inside its own box). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
}
