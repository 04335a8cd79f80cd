import { readFileSync } from 'node:fs'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { API_HEADERS } from './checkout-support'

/** A Bangla message as the shop's catalogue has it (src/i18n/messages/bn), placeholders filled. */
export function bn(key: string, values: Record<string, string> = {}): string {
  const area = key.split('.')[0]
  const catalogue = JSON.parse(readFileSync(`src/i18n/messages/bn/${area}.json`, 'utf8')) as Record<
    string,
    string
  >
  const message = catalogue[key]
  if (message === undefined) throw new Error(`no Bangla message ${key}`)
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
}

/** A guest's cash-on-delivery order placed from a Bangla page, to Panchlaish in Chattogram: its id and number. */
export async function placeBanglaOrder(
  request: APIRequestContext,
  order: { skuId: number; phone: string; key: string },
) {
  const name = 'করিম আহমেদ'
  const response = await request.post('/api/v1/orders', {
    headers: { ...API_HEADERS, 'idempotency-key': order.key, 'accept-language': 'bn' },
    data: {
      lines: [{ skuId: order.skuId, quantity: 1 }],
      customer: { name, phone: order.phone },
      address: {
        name,
        phone: order.phone,
        division: 'Chattogram',
        district: 'Chattogram',
        area: 'Panchlaish',
        street: 'বাড়ি ৪, রোড ২',
        landmark: '',
      },
      acceptTerms: true,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: { id: number; number: string } }).data
}

/** The guest finds the order on a Bangla page by its number and their mobile number. */
export async function findOrderInBangla(page: Page, number: string, phone: string) {
  await page.goto('/user/orders?lang=bn')
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn')
  await page.getByLabel(bn('orders.number')).fill(number)
  await page.getByLabel(bn('orders.mobile')).fill(phone)
  await page.getByRole('button', { name: bn('orders.find') }).click()
  await expect(page.getByTestId('order-number')).toHaveText(number)
}

/** The texts a number was sent, newest first (the dev outbox; a job queue sends them a moment later). */
export async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const answer = await request.get(`/api/v1/dev/sms-outbox?phone=${phone}`, { headers: API_HEADERS })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { data: { body: string }[] }).data.map((text) => text.body)
}
