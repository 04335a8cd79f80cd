import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'

export const API_HEADERS = { 'x-api-key': 'haat-demo-key' }

/** A number no other test (or project, or run) uses. */
export function freshPhone(): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`.padStart(8, '0').slice(-8)
  return `017${digits}`
}

/** The header's user icon (logged out it opens the login modal). */
export function userIcon(page: Page): Locator {
  return page.locator('header.site-header').getByRole('button', { name: 'Log in' }).first()
}

export async function openLoginModal(page: Page): Promise<Locator> {
  await userIcon(page).click()
  const dialog = page.getByRole('dialog', { name: 'Log in or register' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The last code sent to the number, from the outbox the demo server keeps outside production. */
export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined
  // the text goes out through the job queue: it may reach the outbox a moment after the page asked for it
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/sms-outbox?phone=${phone}`, { headers: API_HEADERS })
        expect(response.ok()).toBe(true)
        const { data } = (await response.json()) as { data: { body: string }[] }
        code = /\b(\d{6})\b/.exec(data[0]?.body ?? '')?.[1]
        return code
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

/** REGISTER, then the code the number received: the account exists once the code is entered. */
export async function registerByPassword(page: Page, phone: string, password: string) {
  const dialog = await openLoginModal(page)
  await dialog.getByRole('tab', { name: 'Register' }).click()
  const form = dialog.getByRole('form', { name: 'Register' })
  await form.getByLabel('Mobile number').fill(phone)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'REGISTER' }).click()
  const otp = page.getByRole('dialog', { name: 'Enter the code' })
  await expect(otp).toBeVisible()
  await otp.getByLabel('6-digit code').fill(await readCode(page.request, phone))
  await otp.getByRole('button', { name: 'Log In' }).click()
  await expect(otp).toBeHidden()
}

export async function logInByPassword(page: Page, phone: string, password: string) {
  const dialog = await openLoginModal(page)
  const form = dialog.getByRole('form', { name: 'Log in with a password' })
  await form.getByLabel('Mobile number').fill(phone)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'LOGIN' }).click()
  return dialog
}
