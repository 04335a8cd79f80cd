import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menuDocument, pageDocument } from '../../src/contract/menu'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
beforeAll(async () => {
  t = await createTestApp({ products: 8 })
  owner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01711000101', role: 'owner', firstName: 'Rahima' }),
  )
  manager = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01711000102', role: 'manager', firstName: 'Karim' }),
  )
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01711000103', role: 'staff' }))
}, 180_000)
afterAll(async () => t?.close())

type Json = Record<string, unknown>
const data = (answer: { body: unknown }) => (answer.body as { data: Json }).data

async function storage(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/storage/haat/${path}`, headers })
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers }
}

async function auditOf(objectType: string, objectId: string) {
  const answer = await adminCall(t.app, 'GET', `audit?objectType=${objectType}&objectId=${objectId}`, {
    as: owner,
  })
  return (answer.body as { data: { action: string; before: Json | null; after: Json | null }[] }).data
}

const firstSlug = async (table: 'categories' | 'brands' | 'campaigns') => {
  const refs = data(await adminCall(t.app, 'GET', 'catalogue-refs', { as: owner })) as Record<
    string,
    { slug: string }[]
  >
  return refs[table]?.[0]?.slug as string
}

describe('menus', () => {
  it('reads the main menu with a version and saves a new item that shoppers then see', async () => {
    const loaded = data(await adminCall(t.app, 'GET', 'menus/main_menu', { as: owner }))
    expect(loaded.version).toEqual(expect.any(String))
    const menu = loaded.menu as Json[]
    expect(menu.length).toBeGreaterThan(3)
    const category = await firstSlug('categories')
    const saved = await adminCall(t.app, 'PUT', 'menus/main_menu', {
      as: manager,
      body: {
        version: loaded.version,
        menu: [
          { name: 'New in', nameBn: 'নতুন', type: 'category', url: category, submenu: [] },
          ...menu,
          { name: 'Blog', type: 'custom', url: 'https://blog.example.com/', submenu: [] },
        ],
      },
    })
    expect(saved.status).toBe(200)
    expect(data(saved).version).not.toBe(loaded.version)

    const shopper = await storage('menus/main_menu.json')
    expect(shopper.status).toBe(200)
    expect(shopper.headers['cache-control']).toBe('no-cache')
    const items = menuDocument.parse(shopper.body).menu
    expect(items[0]).toMatchObject({ name: 'New in', nameBn: 'নতুন', type: 'category', url: category })
    expect(items.at(-1)).toMatchObject({ type: 'custom', url: 'https://blog.example.com/' })

    const [entry] = await auditOf('menu', 'main_menu')
    expect(entry?.action).toBe('menu.update')
    expect(entry?.before?.menu).toHaveLength(menu.length)
    expect(entry?.after?.menu).toHaveLength(menu.length + 2)
  })

  it('refuses a save from an older version, naming who saved and when, and keeps their menu', async () => {
    const loaded = data(await adminCall(t.app, 'GET', 'menus/footer_menu', { as: owner }))
    const menu = loaded.menu as Json[]
    const first = await adminCall(t.app, 'PUT', 'menus/footer_menu', {
      as: manager,
      body: { version: loaded.version, menu: menu.slice(1) },
    })
    expect(first.status).toBe(200)
    const late = await adminCall(t.app, 'PUT', 'menus/footer_menu', {
      as: owner,
      body: { version: loaded.version, menu: [] },
    })
    expect(late.status).toBe(409)
    const body = late.body as { error: { version: string[] }; conflict: { by: string; at: string } }
    expect(body.conflict.by).toBe('Karim manager')
    expect(Number.isNaN(Date.parse(body.conflict.at))).toBe(false)
    expect(body.error.version[0]).toMatch(/^Changed by Karim manager at \d\d:\d\d$/)
    const kept = menuDocument.parse((await storage('menus/footer_menu.json')).body).menu
    expect(kept).toHaveLength(menu.length - 1)

    const bangla = await adminCall(t.app, 'PUT', 'menus/footer_menu', {
      as: owner,
      headers: { 'accept-language': 'bn' },
      body: { version: loaded.version, menu: [] },
    })
    expect((bangla.body as { error: { version: string[] } }).error.version[0]).toContain('Karim manager')
    expect((bangla.body as { error: { version: string[] } }).error.version[0]).toContain('বদলেছেন')
  })

  it.each([
    [
      'a javascript: address',
      { name: 'x', type: 'custom', url: 'javascript:alert(1)', submenu: [] },
      'menu.0.url',
    ],
    [
      'a protocol-relative address',
      { name: 'x', type: 'custom', url: '//evil.example', submenu: [] },
      'menu.0.url',
    ],
    [
      'a plain http address',
      { name: 'x', type: 'custom', url: 'http://shop.example', submenu: [] },
      'menu.0.url',
    ],
    [
      'an unknown category',
      { name: 'x', type: 'category', url: 'no-such-category', submenu: [] },
      'menu.0.url',
    ],
    ['an unknown page', { name: 'x', type: 'page', url: 'no-such-page', submenu: [] }, 'menu.0.url'],
    [
      'a name over 60 characters',
      { name: 'x'.repeat(61), type: 'custom', url: '/', submenu: [] },
      'menu.0.name',
    ],
    [
      'a Bangla name over 60 characters',
      { name: 'x', nameBn: 'ক'.repeat(61), type: 'custom', url: '/', submenu: [] },
      'menu.0.nameBn',
    ],
    [
      'a second level of submenu',
      {
        name: 'x',
        type: 'custom',
        url: '/',
        submenu: [
          {
            name: 'y',
            type: 'custom',
            url: '/',
            submenu: [{ name: 'z', type: 'custom', url: '/', submenu: [] }],
          },
        ],
      },
      'menu.0.submenu.0.submenu',
    ],
  ])('refuses %s and changes nothing', async (_, item, field) => {
    const before = (await storage('menus/main_menu.json')).body
    const { version } = data(await adminCall(t.app, 'GET', 'menus/main_menu', { as: owner }))
    const answer = await adminCall(t.app, 'PUT', 'menus/main_menu', {
      as: owner,
      body: { version, menu: [item] },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys((answer.body as { error: Json }).error)).toContain(field)
    expect((await storage('menus/main_menu.json')).body).toEqual(before)
  })

  it('refuses more than 50 items, submenus counted', async () => {
    const { version } = data(await adminCall(t.app, 'GET', 'menus/main_menu', { as: owner }))
    const item = (n: number) => ({ name: `i${n}`, type: 'custom', url: `/p${n}`, submenu: [] as unknown[] })
    const menu = Array.from({ length: 26 }, (_, n) => ({ ...item(n), submenu: [item(100 + n)] }))
    const answer = await adminCall(t.app, 'PUT', 'menus/main_menu', { as: owner, body: { version, menu } })
    expect(answer.status).toBe(400)
    expect((answer.body as { error: Json }).error).toHaveProperty('menu')
  })

  it('admits owners and managers only', async () => {
    expect((await adminCall(t.app, 'GET', 'menus/main_menu', { as: staff })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'menus/main_menu')).status).toBe(401)
    expect((await adminCall(t.app, 'GET', 'menus/other_menu', { as: owner })).status).toBe(400)
  })
})

describe('pages', () => {
  it('creates a page from Markdown that shoppers read as sanitised HTML, in both languages', async () => {
    const created = await adminCall(t.app, 'POST', 'pages', {
      as: owner,
      body: {
        slug: 'size-guide',
        title: 'Size guide',
        titleBn: 'মাপের নির্দেশিকা',
        markdown: '# Sizes\n\nMeasure **twice**.\n\n- S\n- M\n\n[Contact](/contact-us)',
        markdownBn: 'দুবার **মাপুন**।',
      },
    })
    expect(created.status).toBe(201)
    expect(data(created)).toMatchObject({ slug: 'size-guide', published: true, version: expect.any(String) })

    const english = pageDocument.parse((await storage('pages/size-guide.json')).body)
    expect(english.title).toBe('Size guide')
    expect(english.blocks).toEqual([
      {
        type: 'html',
        html: '<h2>Sizes</h2>\n<p>Measure <strong>twice</strong>.</p>\n<ul>\n<li>S</li>\n<li>M</li>\n</ul>\n<p><a href="/contact-us">Contact</a></p>',
      },
    ])
    const bangla = pageDocument.parse((await storage('pages/size-guide.json?lang=bn')).body)
    expect(bangla).toMatchObject({
      title: 'মাপের নির্দেশিকা',
      blocks: [{ type: 'html', html: '<p>দুবার <strong>মাপুন</strong>।</p>' }],
    })

    const [entry] = await auditOf('page', 'size-guide')
    expect(entry).toMatchObject({ action: 'page.create', before: null, after: { title: 'Size guide' } })
    const list = data(await adminCall(t.app, 'GET', 'pages', { as: manager })) as unknown as Json[]
    expect(list).toContainEqual(
      expect.objectContaining({ slug: 'size-guide', title: 'Size guide', published: true }),
    )

    const again = await adminCall(t.app, 'POST', 'pages', {
      as: owner,
      body: { slug: 'size-guide', title: 'x', markdown: '' },
    })
    expect(again.status).toBe(409)
  })

  it.each([
    ['a script tag', '<script>alert(1)</script>Hello', /<script|alert/],
    ['an onerror handler', '<img src="x.png" onerror="alert(1)">', /onerror|alert/],
    ['a javascript: link', '[click](javascript:alert(1))', /javascript:/i],
    ['an encoded javascript: link', '<a href="jav&#x61;script:alert(1)">x</a>', /script:/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /iframe/],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">x</p>', /style|javascript/],
    ['a data: image', '![x](data:text/html;base64,PHNjcmlwdD4=)', /data:/],
  ])('keeps %s out of the page shoppers get and out of the preview', async (_, markdown, forbidden) => {
    const slug = `attack-${forbidden.source.replace(/[^a-z]/g, '').slice(0, 12)}-${markdown.length}`
    const created = await adminCall(t.app, 'POST', 'pages', {
      as: owner,
      body: { slug, title: 'Attack', markdown },
    })
    expect(created.status).toBe(201)
    const [block] = pageDocument.parse((await storage(`pages/${slug}.json`)).body).blocks
    expect(block?.type).toBe('html')
    expect(block && 'html' in block ? block.html : '').not.toMatch(forbidden)
    const preview = await adminCall(t.app, 'POST', 'pages/preview', { as: owner, body: { markdown } })
    expect(preview.status).toBe(200)
    expect(data(preview).html).not.toMatch(forbidden)
  })

  it('opens a page made before Markdown as Markdown, and saves it with the version it loaded', async () => {
    const loaded = data(await adminCall(t.app, 'GET', 'pages/about-us', { as: owner }))
    expect(loaded.markdown).toContain('## What we care about')
    expect(loaded.markdown).toContain('- Fabrics that suit our weather')
    expect(loaded.markdownBn).toContain('## আমরা যা গুরুত্ব দিই')
    const saved = await adminCall(t.app, 'PUT', 'pages/about-us', {
      as: owner,
      body: { ...loaded, version: loaded.version, title: 'About Haat', slug: undefined },
    })
    expect(saved.status).toBe(200)
    const page = pageDocument.parse((await storage('pages/about-us.json')).body)
    expect(page.title).toBe('About Haat')
    expect(JSON.stringify(page.blocks)).toContain('<h2>What we care about</h2>')

    const stale = await adminCall(t.app, 'PUT', 'pages/about-us', {
      as: manager,
      body: { ...loaded, slug: undefined, title: 'Old' },
    })
    expect(stale.status).toBe(409)
    expect((stale.body as { conflict: { by: string } }).conflict.by).toBe('Rahima owner')
    expect(pageDocument.parse((await storage('pages/about-us.json')).body).title).toBe('About Haat')
    const [entry] = await auditOf('page', 'about-us')
    expect(entry).toMatchObject({ action: 'page.update', after: { title: 'About Haat' } })
  })

  it('unpublishes a page: shoppers get 404, the back office still opens it', async () => {
    expect((await storage('pages/contact-us.json')).status).toBe(200)
    const answer = await adminCall(t.app, 'DELETE', 'pages/contact-us', { as: manager })
    expect(answer.status).toBe(200)
    expect(data(answer).published).toBe(false)
    expect((await storage('pages/contact-us.json')).status).toBe(404)
    expect((await adminCall(t.app, 'GET', 'pages/contact-us', { as: owner })).status).toBe(200)
    expect((await auditOf('page', 'contact-us'))[0]?.action).toBe('page.unpublish')
    expect((await adminCall(t.app, 'DELETE', 'pages/no-such-page', { as: owner })).status).toBe(404)
  })

  it('refuses a bad address and an empty title', async () => {
    const answer = await adminCall(t.app, 'POST', 'pages', {
      as: owner,
      body: { slug: 'Bad Slug!', title: '', markdown: '' },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys((answer.body as { error: Json }).error)).toEqual(
      expect.arrayContaining(['slug', 'title']),
    )
    expect((await adminCall(t.app, 'GET', 'pages', { as: staff })).status).toBe(403)
  })
})

describe('home page sections', () => {
  it('follows the main menu until the shop chooses; then the storefront reads the chosen sections', async () => {
    const items = (path: string) =>
      storage(path).then(({ body }) => menuDocument.parse(body).menu.map((item) => [item.type, item.url]))
    expect(await items('menus/home_page.json')).toEqual(await items('menus/main_menu.json'))
    const loaded = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    expect(loaded.version).toBeNull()
    expect((loaded.sections as Json[])[0]?.type).toBe('campaign')

    const campaign = await firstSlug('campaigns')
    const category = await firstSlug('categories')
    const saved = await adminCall(t.app, 'PUT', 'home', {
      as: manager,
      body: {
        version: null,
        sections: [
          { type: 'category', slug: category, name: 'Just in' },
          { type: 'campaign', slug: campaign },
        ],
      },
    })
    expect(saved.status).toBe(200)
    const sections = data(saved).sections as Json[]
    expect(sections.map((section) => section.type)).toEqual(['campaign', 'category'])
    expect(sections[1]).toMatchObject({ slug: category, name: 'Just in' })
    expect(sections[0]?.name).toEqual(expect.any(String))

    const shopper = menuDocument.parse((await storage('menus/home_page.json')).body).menu
    expect(shopper.map((item) => [item.type, item.url])).toEqual([
      ['campaign', campaign],
      ['category', category],
    ])
    expect((await auditOf('menu', 'home_page'))[0]?.action).toBe('home.update')

    const stale = await adminCall(t.app, 'PUT', 'home', { as: owner, body: { version: null, sections: [] } })
    expect(stale.status).toBe(409)
  })

  it("names the deal's own campaign and its end while it runs, whichever campaigns its products are in", async () => {
    const { version } = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    const campaign = await firstSlug('campaigns')
    const saved = await adminCall(t.app, 'PUT', 'home', {
      as: owner,
      body: { version, sections: [{ type: 'campaign', slug: campaign }] },
    })
    expect(saved.status).toBe(200)
    const deal = async () => menuDocument.parse((await storage('menus/home_page.json')).body).menu[0]
    const endsAt = new Date(Date.now() + 3 * 3_600_000)
    const setTimes = (startsAt: Date, end: Date, name: string) =>
      t.db.execute(
        sql`update campaigns set starts_at = ${startsAt.toISOString()}, ends_at = ${end.toISOString()},
                                 name = ${name}, name_bn = ${`${name} বাংলা`}
            where slug = ${campaign}`,
      )
    await setTimes(new Date(Date.now() - 60_000), endsAt, 'Eid sale')
    expect(await deal()).toMatchObject({
      type: 'campaign',
      url: campaign,
      name: 'Eid sale',
      nameBn: 'Eid sale বাংলা',
      endsAt: endsAt.toISOString(),
    })
    await setTimes(new Date(Date.now() - 7_200_000), new Date(Date.now() - 60_000), 'Eid sale over')
    const over = await deal()
    expect(over).toMatchObject({ name: 'Eid sale over' })
    expect(over?.endsAt).toBeUndefined()
    await setTimes(new Date(Date.now() + 3_600_000), endsAt, 'Eid sale soon')
    expect((await deal())?.endsAt).toBeUndefined()
  })

  it('refuses an unknown campaign, two campaigns and five categories', async () => {
    const { version } = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    const campaign = await firstSlug('campaigns')
    const category = await firstSlug('categories')
    for (const sections of [
      [{ type: 'campaign', slug: 'no-such-campaign' }],
      [
        { type: 'campaign', slug: campaign },
        { type: 'campaign', slug: campaign },
      ],
      Array.from({ length: 5 }, () => ({ type: 'category', slug: category })),
    ]) {
      const answer = await adminCall(t.app, 'PUT', 'home', { as: owner, body: { version, sections } })
      expect(answer.status).toBe(400)
    }
    expect(
      (await adminCall(t.app, 'PUT', 'home', { as: staff, body: { version, sections: [] } })).status,
    ).toBe(403)
  })
})
