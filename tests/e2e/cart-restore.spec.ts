import { expect, test } from '@playwright/test'
import { API_HEADERS, catalogue } from './cart-support'
import { freshPhone } from './checkout-support'
import { expectAccessible, openPage } from './fixtures'

/**
 * Carts left behind (docs/carts-left-behind.md): a guest typed their number at checkout and left; the reminder's
 * link, opened in a fresh browser that never saw that cart, puts its lines in this browser's cart and opens it.
 * The reminder is made by the server (its test support sends a number's reminder at once) and read from the
 * texts' outbox, as the shopper's phone would read it.
 */
test('a reminder’s restore link brings the cart back on a fresh browser', async ({ page, request }, info) => {
  const products = await catalogue(request)
  const offset = info.project.name === 'mobile' ? 20 : 22
  // one sku of each of two products (a line is named by its product)
  const chosen = products
    .map((product) => ({ product, sku: product.skus.find((sku) => sku.stockQuantity >= 5) }))
    .filter((each): each is { product: (typeof products)[number]; sku: NonNullable<typeof each.sku> } =>
      Boolean(each.sku),
    )
    .slice(offset, offset + 2)
  const [first, second] = chosen
  if (!first || !second) throw new Error('the demo catalogue has too few skus in stock')

  const phone = freshPhone()
  const left = await request.post('/api/v1/carts-left', {
    headers: API_HEADERS,
    data: {
      phone,
      lines: [
        { skuId: first.sku.id, quantity: 2 },
        { skuId: second.sku.id, quantity: 1 },
      ],
      language: 'en',
    },
  })
  expect(left.ok()).toBe(true)
  const reminded = await request.post(`/api/v1/dev/carts-left/remind?phone=${phone}`, {
    headers: API_HEADERS,
  })
  expect(await reminded.json()).toEqual({ data: { outcome: 'sent' } })
  const outbox = await request.get(`/api/v1/dev/sms-outbox?phone=${phone}`, { headers: API_HEADERS })
  const texts = ((await outbox.json()) as { data: { body: string }[] }).data.map((text) => text.body)
  const link = texts.map((text) => /\/cart\/restore\/[\w-]{43}/.exec(text)?.[0]).find(Boolean)
  if (!link) throw new Error(`no restore link in ${JSON.stringify(texts)}`)

  await openPage(page, link)
  await expect(page).toHaveURL(/\/cart$/)
  const firstLine = page.getByRole('group', { name: `Quantity of ${first.product.name}` })
  await expect(firstLine.getByTestId('line-quantity')).toHaveText('2')
  const secondLine = page.getByRole('group', { name: `Quantity of ${second.product.name}` })
  await expect(secondLine.getByTestId('line-quantity')).toHaveText('1')
  await expectAccessible(page)
})
