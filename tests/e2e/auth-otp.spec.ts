import { expect, test } from '@playwright/test'
import { freshPhone, openLoginModal, readCode } from './auth-support'
import { openPage } from './fixtures'

async function sendCode(page: import('@playwright/test').Page, phone: string) {
  const dialog = await openLoginModal(page)
  const form = dialog.getByRole('form', { name: 'Log in with a one-time code' })
  await form.getByLabel('Mobile number').fill(phone)
  await form.getByRole('button', { name: 'SEND CODE' }).click()
  const otp = page.getByRole('dialog', { name: 'Enter the code' })
  await expect(otp).toBeVisible()
  await expect(dialog).toBeHidden()
  return otp
}

test.describe('one-time code login', () => {
  test('logs in with the code from the SMS outbox', async ({ page, request }) => {
    const phone = freshPhone()
    await openPage(page, '/')
    const otp = await sendCode(page, phone)
    await expect(otp.getByText(phone)).toBeVisible()
    await otp.getByLabel('6-digit code').fill(await readCode(request, phone))
    await otp.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL(/\/user$/)
    await expect(otp).toBeHidden()
    await expect(page.getByText(phone)).toBeVisible()
  })

  test('a wrong code is refused with a message in the dialog', async ({ page, request }) => {
    const phone = freshPhone()
    await openPage(page, '/')
    const otp = await sendCode(page, phone)
    const code = await readCode(request, phone)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await otp.getByLabel('6-digit code').fill(wrong)
    await otp.getByRole('button', { name: 'Log In' }).click()
    await expect(otp.getByRole('alert')).toHaveText('The code is not correct')
    await expect(page).not.toHaveURL(/\/user$/)
  })

  test('a badly written number is refused under the phone input', async ({ page }) => {
    await openPage(page, '/')
    const dialog = await openLoginModal(page)
    const form = dialog.getByRole('form', { name: 'Log in with a one-time code' })
    await form.getByLabel('Mobile number').fill('12345')
    await form.getByRole('button', { name: 'SEND CODE' }).click()
    await expect(form.getByRole('alert')).toContainText('valid mobile number')
  })
})
