import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { users } from '../../server/db/schema'
import { messagesBn } from '../../server/messages/messages-bn'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

// A setup link goes out by SMS: it must point to the shop, whatever Host the request that made it named.

let t: TestApp
let owner: StaffCredentials
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
  const id = await createPerson(t.db, { phone: '01750000401', role: 'owner', password: 'owner-password' })
  owner = await openSession(t.app, id)
})
afterAll(() => t?.close())

const outbox = async (app: App, phone: string) => {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/v1/dev/sms-outbox?phone=${phone}`,
    headers: apiHeaders,
  })
  return (answer.json() as { data: { body: string }[] }).data.map((message) => message.body)
}

/** An invitation sent through a request that names another Host (and an Origin to match it). */
const inviteVia = (
  app: App,
  as: StaffCredentials,
  phone: string,
  host: string,
  { language = 'en', origin = `http://${host}` } = {},
) =>
  adminCall(app, 'POST', 'staff', {
    as,
    origin,
    headers: { host, 'accept-language': language },
    body: { phone, firstName: 'Rafi', role: 'staff' },
  })

describe('the link in an invitation', () => {
  it('never comes from the Host of the request: the shop’s local address outside production', async () => {
    const phone = '01750000402'
    const invited = await inviteVia(t.app, owner, phone, 'evil.example')
    expect(invited.status).toBe(201)
    const { setupUrl } = invited.body.data as { setupUrl: string }
    expect(setupUrl).toMatch(/^http:\/\/localhost:8080\/admin\/setup\?token=[\w-]{43}$/)
    const texts = await outbox(t.app, phone)
    expect(texts).toHaveLength(1)
    expect(texts[0]).toContain(setupUrl)
    expect(texts.join('\n')).not.toContain('evil.example')
  })

  describe('in production', () => {
    let production: App | undefined
    let proOwner: StaffCredentials
    const start = async (publicUrl?: string) => {
      await production?.close()
      const config = loadConfig(
        {},
        { ...t.config, NODE_ENV: 'production', DEV_OUTBOX: false, PUBLIC_URL: publicUrl },
      )
      production = await buildApp(config, { database: t.database })
      await production.ready()
      const [row] = await t.db.select().from(users).where(eq(users.phone, '01750000403'))
      const id = row?.id ?? (await createPerson(t.db, { phone: '01750000403', role: 'owner' }))
      proOwner = await openSession(production, id)
      return production
    }
    afterAll(() => production?.close())

    it('is refused, in English and Bangla, until PUBLIC_URL names the shop; nobody is invited', async () => {
      const app = await start()
      const phone = '01750000404'
      const refused = await inviteVia(app, proOwner, phone, 'evil.example')
      expect(refused.status).toBe(409)
      const message =
        "Set the shop's public address (PUBLIC_URL) first: the link in an invitation must point to the shop."
      expect(refused.body).toEqual({ error: { publicUrl: [message] } })
      const bangla = await inviteVia(app, proOwner, phone, 'evil.example', { language: 'bn' })
      expect(bangla.status).toBe(409)
      expect(bangla.body).toEqual({ error: { publicUrl: [messagesBn[message]] } })
      expect(messagesBn[message]).toMatch(/PUBLIC_URL/)
      expect(await t.db.select().from(users).where(eq(users.phone, phone))).toEqual([])
    })

    it('with PUBLIC_URL, points to it', async () => {
      const app = await start('https://shop.example.com')
      const invited = await inviteVia(app, proOwner, '01750000405', 'evil.example', {
        origin: 'https://shop.example.com',
      })
      expect(invited.status).toBe(201)
      expect((invited.body.data as { setupUrl: string }).setupUrl).toMatch(
        /^https:\/\/shop\.example\.com\/admin\/setup\?token=[\w-]{43}$/,
      )
    })
  })
})
