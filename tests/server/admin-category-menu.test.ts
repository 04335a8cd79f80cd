import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MenuItem, menuDocument } from '../../src/contract/menu'
import { adminCall, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'
import { staffTeam } from './orders-support'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
beforeAll(async () => {
  t = await createTestApp({ products: 8 })
  ;({ owner, manager, staff } = await staffTeam(t.app, t.db, '0171100'))
}, 180_000)
afterAll(async () => t?.close())

type Json = Record<string, unknown>
const data = (answer: { body: unknown }) => (answer.body as { data: Json }).data

/** the main menu as shoppers get it */
async function shopperMenu(): Promise<MenuItem[]> {
  const response = await t.app.inject({ method: 'GET', url: '/storage/haat/menus/main_menu.json' })
  expect(response.statusCode).toBe(200)
  return menuDocument.parse(response.json()).menu
}
const names = (menu: MenuItem[]) => menu.map((item) => item.name)

async function menuForEdit() {
  const loaded = data(await adminCall(t.app, 'GET', 'menus/main_menu', { as: owner }))
  return { version: loaded.version as string, menu: loaded.menu as MenuItem[] }
}

async function createCategory(body: Json, as = manager) {
  return adminCall(t.app, 'POST', 'categories', { as, body })
}

async function menuAudit() {
  const answer = await adminCall(t.app, 'GET', 'audit?objectType=menu&objectId=main_menu', { as: owner })
  return (answer.body as { data: { action: string; before: Json | null; after: Json | null }[] }).data
}

describe('a category added to the main menu as it is made', () => {
  it('puts a top-level category at the end of the menu, for shoppers, audited as a change of the menu', async () => {
    const before = await shopperMenu()
    const made = await createCategory({ name: 'Winter Shawls', nameBn: 'শীতের শাল', addToMenu: true })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const menu = await shopperMenu()
    expect(names(menu)).toEqual([...names(before), 'Winter Shawls'])
    expect(menu.at(-1)).toMatchObject({ type: 'category', url: 'winter-shawls', nameBn: 'শীতের শাল' })
    const [entry] = await menuAudit()
    expect(entry?.action).toBe('menu.update')
    expect(entry?.before?.menu).toHaveLength(before.length)
    expect(entry?.after?.menu).toHaveLength(before.length + 1)
  })

  it("puts a child category at the end of its parent's submenu when the parent is in the menu", async () => {
    const before = await shopperMenu()
    const parent = before.find((item) => item.type === 'category' && item.submenu.length > 0) as MenuItem
    const categories = data(await adminCall(t.app, 'GET', 'categories', { as: owner })) as unknown as {
      id: number
      slug: string
    }[]
    const parentId = categories.find((category) => category.slug === parent.url)?.id
    const made = await createCategory({ name: 'Festive Panjabi', parentId, addToMenu: true })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const menu = await shopperMenu()
    expect(names(menu)).toEqual(names(before))
    const submenu = menu.find((item) => item.url === parent.url)?.submenu ?? []
    expect(names(submenu)).toEqual([...names(parent.submenu), 'Festive Panjabi'])
    expect(submenu.at(-1)?.nameBn).toBeUndefined()
  })

  it('puts a child category at the end of the menu when its parent is not in the menu', async () => {
    const parent = data(await createCategory({ name: 'Home Textiles' }))
    expect(names(await shopperMenu())).not.toContain('Home Textiles')
    const before = await shopperMenu()
    const made = await createCategory({ name: 'Nakshi Kantha', parentId: parent.id, addToMenu: true })
    expect(made.status).toBe(201)
    expect(names(await shopperMenu())).toEqual([...names(before), 'Nakshi Kantha'])
  })

  it('leaves the menu as it is without the choice, and moves its version on with it', async () => {
    const loaded = await menuForEdit()
    expect((await createCategory({ name: 'Prayer Caps' })).status).toBe(201)
    expect(await menuForEdit()).toEqual(loaded)
    expect((await createCategory({ name: 'Prayer Mats', addToMenu: true })).status).toBe(201)
    // an editor open on the menu from before is told someone saved first, and nothing of theirs replaces it
    const stale = await adminCall(t.app, 'PUT', 'menus/main_menu', {
      as: owner,
      body: { version: loaded.version, menu: loaded.menu },
    })
    expect(stale.status).toBe(409)
    expect(names(await shopperMenu())).toContain('Prayer Mats')
  })

  it('refuses when the menu is full, and makes no category', async () => {
    const { version, menu } = await menuForEdit()
    const count = menu.reduce((sum, item) => sum + 1 + item.submenu.length, 0)
    const filler = Array.from({ length: 50 - count }, (_, at) => ({
      name: `Extra ${at}`,
      type: 'custom',
      url: `/extra-${at}`,
      submenu: [],
    }))
    const full = await adminCall(t.app, 'PUT', 'menus/main_menu', {
      as: owner,
      body: { version, menu: [...menu, ...filler] },
    })
    expect(full.status, JSON.stringify(full.body)).toBe(200)
    const refused = await createCategory({ name: 'One Too Many', addToMenu: true })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ error: { addToMenu: ['The menu already has 50 items'] } })
    const categories = data(await adminCall(t.app, 'GET', 'categories', { as: owner })) as unknown as {
      name: string
    }[]
    expect(categories.map((category) => category.name)).not.toContain('One Too Many')
  })

  it('refuses staff, as every category change, and changes nothing', async () => {
    const before = await menuForEdit()
    const refused = await createCategory({ name: 'Staff Pick', addToMenu: true }, staff)
    expect(refused.status).toBe(403)
    expect(await menuForEdit()).toEqual(before)
  })
})
