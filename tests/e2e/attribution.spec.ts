import { type APIRequestContext, expect, test } from '@playwright/test'
import type { SalesReport } from '../../src/contract/admin-reports'
import { dhakaDay } from '../../src/lib/dhaka-time'
import { ownerApi, signInAsOwner } from './admin-support'
import { addFromProductPage, fillGuestCheckout, freshPhone, pickProduct } from './checkout-support'
import { expectAccessible } from './fixtures'

/** Its own product, away from the offsets the other journeys take. */
const OFFSET = 60
const LANDING = '/?utm_source=facebook&utm_medium=paid&utm_campaign=eid&fbclid=abc'

const byCampaign = async (owner: APIRequestContext): Promise<SalesReport> => {
  const today = dhakaDay()
  const answer = await owner.get(`/api/v1/admin/reports/sales?from=${today}&to=${today}&by=campaign`)
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { data: SalesReport }).data
}

const eidRow = (report: SalesReport) =>
  report.rows.find((row) => row.channel === 'facebook' && row.medium === 'paid' && row.campaign === 'eid')

test("a shopper from a Facebook ad buys, and the owner sees the order's source and the campaign counted", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const owner = await ownerApi(page)
  const before = eidRow(await byCampaign(owner))

  // the shopper lands from the ad, browses and buys, cash on delivery
  const shopper = await browser.newPage()
  await shopper.goto(LANDING)
  const landing = (await shopper.context().cookies()).find((cookie) => cookie.name === 'haat_landing')
  expect(landing?.httpOnly).toBe(true)
  expect(landing?.sameSite).toBe('Lax')
  const pick = await pickProduct(shopper.request, OFFSET)
  await addFromProductPage(shopper, pick)
  await shopper.goto('/cart')
  await shopper.getByRole('button', { name: 'Place Order' }).click()
  await expect(shopper).toHaveURL(/\/checkout$/)
  await fillGuestCheckout(shopper, freshPhone())
  await shopper.getByRole('button', { name: 'Place Order' }).click()
  await expect(shopper).toHaveURL(/\/confirm-order\?number=HT-/)
  const number = (await shopper.getByTestId('order-number').textContent())?.trim() ?? ''
  await shopper.close()

  // the order's page says where it came from
  await signInAsOwner(page)
  await page.goto(`/admin/orders?q=${number}`)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
  const cameFrom = page.getByRole('region', { name: 'Where it came from' })
  await expect(cameFrom.getByTestId('order-channel')).toHaveText('Facebook')
  await expect(cameFrom.getByText('eid', { exact: true })).toBeVisible()
  await expect(cameFrom.getByText('paid', { exact: true })).toBeVisible()
  await expect(cameFrom.getByText('Facebook or Instagram')).toBeVisible()
  await expectAccessible(page)

  // the report counts it under the campaign, with the landing (written within seconds)
  await expect
    .poll(
      async () => {
        const row = eidRow(await byCampaign(owner))
        return { orders: row?.orders ?? 0, landed: (row?.landings ?? 0) > (before?.landings ?? 0) }
      },
      { timeout: 30_000 },
    )
    .toEqual({ orders: (before?.orders ?? 0) + 1, landed: true })
  const today = dhakaDay()
  await page.goto(`/admin?report=sales&by=campaign&from=${today}&to=${today}`)
  const row = page.getByRole('row').filter({ hasText: 'eid' }).filter({ hasText: 'Facebook' })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').nth(3)).toHaveText(String((before?.orders ?? 0) + 1))
  await expectAccessible(page)

  // and the dashboard lists Facebook among the channels
  await page.goto('/admin?range=today')
  const channels = page.getByRole('region', { name: "Where the site's shoppers came from" })
  await expect(channels.getByRole('row').filter({ hasText: 'Facebook' })).toBeVisible()
  await owner.dispose()
})
