import { expect, test } from '@playwright/test'
import { freshPhone, logInByPassword, openLoginModal, registerByPassword, userIcon } from './auth-support'
import { expectAccessible, openPage, recordRequests } from './fixtures'

test.describe('password accounts', () => {
  test('registers, logs out and logs back in', async ({ page }) => {
    const phone = freshPhone()
    const sessionChecks = recordRequests(page, (request) => request.url().includes('/auth/validate-token'))
    await openPage(page, '/')
    // a guest's browser holds no session cookie: the app starts as a guest without asking
    await page.waitForLoadState('networkidle')
    expect(sessionChecks).toHaveLength(0)
    await registerByPassword(page, phone, 'secret-pass')

    await expect(page).toHaveURL(/\/user$/)
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible()
    await expect(page.getByText(phone)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // the session lives in an HttpOnly cookie: page scripts cannot read it, only that it exists
    expect(await page.evaluate(() => document.cookie)).not.toContain('haat_session')
    expect(await page.evaluate(() => document.cookie)).toContain('haat_signed_in=1')
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'haat_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })

    // a reload keeps the shopper logged in (the session is validated at start)
    const checksBefore = sessionChecks.length
    await page.reload()
    await expect(page.getByText(phone)).toBeVisible()
    await expect.poll(() => sessionChecks.length).toBe(checksBefore + 1)
    await expect(
      page.locator('header.site-header').getByRole('link', { name: 'My account' }).first(),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(userIcon(page)).toBeVisible()
    const left = (await page.context().cookies()).map((c) => c.name)
    expect(left).not.toContain('haat_session')
    expect(left).not.toContain('haat_signed_in')

    await logInByPassword(page, phone, 'secret-pass')
    await expect(page).toHaveURL(/\/user$/)
    await expect(page.getByText(phone)).toBeVisible()
  })

  test('a wrong password shows "Invalid Email or Password" and closing the modal clears it', async ({
    page,
  }) => {
    await openPage(page, '/')
    const dialog = await logInByPassword(page, freshPhone(), 'not-the-password')
    await expect(dialog.getByRole('alert')).toHaveText('Invalid Email or Password')
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await expect(dialog).toBeHidden()
    const again = await openLoginModal(page)
    await expect(again.getByText('Invalid Email or Password')).toHaveCount(0)
  })

  test('a registration refused by the server shows its message under the form', async ({ page }) => {
    await openPage(page, '/')
    const dialog = await openLoginModal(page)
    await dialog.getByRole('tab', { name: 'Register' }).click()
    const form = dialog.getByRole('form', { name: 'Register' })
    await form.getByLabel('Mobile number').fill(freshPhone())
    await form.getByLabel('Password').fill('123')
    await form.getByRole('button', { name: 'REGISTER' }).click()
    await expect(form.getByRole('alert')).toHaveText('Use at least 8 characters')
  })

  test('the modal offers every way in, is accessible, and loads no Firebase until asked', async ({
    page,
  }) => {
    const firebase = recordRequests(page, (request) => /firebase/i.test(request.url()))
    await openPage(page, '/')
    const dialog = await openLoginModal(page)
    await expect(dialog.getByPlaceholder('01xxx-xxxxxx').first()).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'SEND CODE' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'LOGIN' })).toBeVisible()
    await expect(dialog.getByLabel('Remember me')).toBeChecked()
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
    await expectAccessible(page)
    expect(firebase.map((request) => request.url())).toEqual([])
  })

  test('after logging in from another page the shopper lands on the back path (/user)', async ({ page }) => {
    const phone = freshPhone()
    await openPage(page, '/cart')
    await registerByPassword(page, phone, 'secret-pass')
    await expect(page).toHaveURL(/\/user$/)
    await page.getByRole('button', { name: 'Log out' }).click()
    await openPage(page, '/search?text=shirt')
    await logInByPassword(page, phone, 'secret-pass')
    await expect(page).toHaveURL(/\/user$/)
  })
})
