import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import type { AdminProduct } from '../../src/contract/admin-product'
import type { AdminRefs } from '../../src/contract/admin-refs'
import { listingResponse } from '../../src/contract/product'
import { ownerApi, signInAsOwner } from './admin-support'
import { API_HEADERS } from './checkout-support'
import { expectAccessible } from './fixtures'

test('the owner duplicates a product, publishes the copy, and one stock for every sku ends its warning', async ({
  page,
}, info) => {
  test.setTimeout(60_000)
  // a published product of 2 sizes × 2 colours, with a photo of its own
  const unique = `${info.project.name}${Date.now().toString(36)}`
  const api = await ownerApi(page)
  const png = await sharp({ create: { width: 60, height: 75, channels: 3, background: '#7a3040' } })
    .png()
    .toBuffer()
  const upload = await api.post('/api/v1/admin/images?for=product', {
    multipart: { file: { name: 'front.png', mimeType: 'image/png', buffer: png } },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const { path } = ((await upload.json()) as { data: { path: string } }).data
  const refs = ((await (await api.get('/api/v1/admin/catalogue-refs')).json()) as { data: AdminRefs }).data
  const name = `Owner Panjabi ${unique}`
  const made = await api.post('/api/v1/admin/products', {
    data: {
      slug: '',
      name,
      nameBn: '',
      shortDescription: 'Cotton.',
      shortDescriptionBn: '',
      longDescription: '',
      longDescriptionBn: '',
      categoryId: refs.categories[0]?.id,
      brandId: refs.brands[0]?.id,
      campaignIds: [],
      status: 'active',
      images: [{ path, alt: name, altBn: '' }],
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      skus: ['M', 'L'].flatMap((size) =>
        ['Red', 'Blue'].map((colour) => ({
          sku: '',
          values: { Size: size, Colour: colour },
          price: 2000,
          discountedPrice: 1800,
          vat: 0,
          stockQuantity: 3,
          weightGrams: 400,
        })),
      ),
      metaTitle: '',
      metaDescription: '',
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const original = ((await made.json()) as { data: AdminProduct }).data
  await api.dispose()

  await signInAsOwner(page)
  await page.goto(`/admin/products/${original.id}`)
  await expect(page.getByRole('heading', { name: 'Edit product', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click()

  // the copy opens: a draft with new sku codes and no stock
  await expect(page).not.toHaveURL(new RegExp(`/admin/products/${original.id}$`))
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/)
  const copyId = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${name} (copy)`)
  await expect(
    page.getByText(`This is a draft copy of ${name}, with new sku codes and no stock yet.`),
  ).toBeVisible()
  const stocks = page.getByLabel(/^Stock, /)
  await expect(stocks).toHaveCount(4)
  for (const stock of await stocks.all()) await expect(stock).toHaveValue('0')
  for (const code of await page.getByLabel(/^Sku code, /).all()) {
    await expect(code).toHaveValue(new RegExp(`^[A-Z]{1,3}-0*${copyId}(-|$)`))
  }

  // published with no stock: the editor warns, and the products list marks it
  await page.getByLabel('Status', { exact: true }).selectOption('active')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Saved (version 2).')).toBeVisible()
  await expect(page.getByText('Active, out of stock', { exact: true })).toBeVisible()
  await expectAccessible(page)

  const slug = await page.getByLabel("Slug (the page's address)").inputValue()
  await page.goto(`/admin/products?status=active&stock=out&q=${slug}`)
  const row = page.getByRole('row').filter({ hasText: `${name} (copy)` })
  await expect(row.getByText('Active, out of stock', { exact: true })).toBeVisible()
  await row.getByRole('link', { name: `${name} (copy)` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/products/${copyId}$`))

  // one stock for every sku, saved with the product: the warning goes
  await page.locator('#editor-all-stockQuantity').fill('5')
  await page.getByRole('button', { name: 'Apply Stock to all' }).click()
  for (const stock of await stocks.all()) await expect(stock).toHaveValue('5')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Saved (version 3).')).toBeVisible()
  await expect(page.getByText('Active, out of stock', { exact: true })).toHaveCount(0)
  await expectAccessible(page)

  // the copy leaves the shop again, as the shop was before
  await page.getByLabel('Status', { exact: true }).selectOption('archived')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Saved (version 4).')).toBeVisible()
})

test('the owner names a colour in Bangla once, and the Bangla filters name it so at once', async ({
  page,
  request,
}, info) => {
  // each screen's run names a colour of its own, so that the two never meet
  const [colour, usual] = info.project.name.startsWith('mobile') ? ['Teal', 'টিয়া নীল'] : ['Gold', 'সোনালি']
  const own = `${usual} রং`
  const bangla = async () => {
    const answer = await request.get('/api/v1/product/storefront?perPage=1&lang=bn', { headers: API_HEADERS })
    return listingResponse.parse(await answer.json()).facets.colours.find((facet) => facet.value === colour)
  }
  expect((await bangla())?.label).toBe(usual)

  await signInAsOwner(page)
  await page.goto('/admin/options')
  await expect(page.getByRole('heading', { name: 'Sizes and colours in Bangla', level: 1 })).toBeVisible()
  const field = page.getByLabel(`${colour} in Bangla`, { exact: true })
  await expect(field).toHaveAttribute('placeholder', usual)
  await expectAccessible(page)
  const row = page.getByRole('listitem').filter({ has: field })
  await field.fill(own)
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`${colour} saved.`)).toBeVisible()
  expect((await bangla())?.label).toBe(own)

  // emptied, the usual Bangla is back
  await field.fill('')
  await row.getByRole('button', { name: 'Save' }).click()
  await expect.poll(async () => (await bangla())?.label).toBe(usual)
})
