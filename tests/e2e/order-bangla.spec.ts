import { expect, test } from '@playwright/test'
import { productResponse } from '../../src/contract/product'
import { shopAnswer } from '../../src/contract/settings'
import { API_HEADERS, freshPhone, pickProduct } from './checkout-support'
import { expectAccessible } from './fixtures'
import { bn, findOrderInBangla, placeBanglaOrder } from './order-bangla-support'

test("a Bangla guest reads their order in Bangla: the product's and the places' names, the delivery time, the time", async ({
  page,
}, info) => {
  const pick = await pickProduct(page.request, info.project.name === 'mobile' ? 70 : 71)
  const banglaProduct = productResponse.parse(
    await (
      await page.request.get(`/api/v1/product/storefront/${pick.product.slug}?lang=bn`, {
        headers: API_HEADERS,
      })
    ).json(),
  ).data
  expect(banglaProduct.name).not.toBe(pick.product.name)
  const shop = shopAnswer.parse(
    await (await page.request.get('/api/v1/shop', { headers: API_HEADERS })).json(),
  )
  const estimate = shop.data.delivery.find((zone) => zone.zone === 'outside_dhaka')?.estimate.bn ?? ''
  expect(estimate).toMatch(/[০-৯]/)

  const phone = freshPhone()
  const order = await placeBanglaOrder(page.request, {
    skuId: pick.skuId,
    phone,
    key: `order-bangla-${phone}`,
  })
  await findOrderInBangla(page, order.number, phone)

  const lines = page.locator('.order-lines')
  await expect(lines).toContainText(banglaProduct.name)
  await expect(lines).not.toContainText(pick.product.name)
  await expect(page.locator('.order-address')).toContainText('পাঁচলাইশ, চট্টগ্রাম, চট্টগ্রাম')
  await expect(page.getByText(bn('orders.expected-delivery', { estimate }))).toBeVisible()
  // when it was placed: Bengali digits on a 24-hour clock, no AM or PM
  const placed = page.locator('.order-facts div', { hasText: bn('orders.placed') }).locator('dd')
  await expect(placed).toHaveText(/^[০-৯]{1,2} \S+, [০-৯]{4}, [০-৯]{2}:[০-৯]{2}$/)
  await expect(page.locator('.order-details')).not.toContainText(/\b(AM|PM)\b/)
  await expectAccessible(page)
})
