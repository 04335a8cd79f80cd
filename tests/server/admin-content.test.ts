import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
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
  const home = async () => menuDocument.parse((await storage('menus/home_page.json')).body).menu
  const today = () => new Date(t.app.clock.now().getTime() + 6 * 3_600_000).toISOString().slice(0, 10)
  const dayAfter = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
  const activeIds = async (count: number) =>
    (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from products where status = 'active' order by id limit ${count}`,
      )
    ).map((row) => Number(row.id))
  const save = (body: Json, as = owner) => adminCall(t.app, 'PUT', 'home', { as, body })
  const slide = (name: string) => ({
    image: `campaigns/${name}.webp`,
    link: '/category/men',
    alt: `${name} sale`,
  })

  it('follows the main menu until the shop chooses: its first campaign, then its first four categories', async () => {
    const main = menuDocument.parse((await storage('menus/main_menu.json')).body).menu
    const findCampaign = (items: typeof main): (typeof main)[number] | undefined =>
      items.find((item) => item.type === 'campaign') ??
      items.map((item) => findCampaign(item.submenu)).find(Boolean)
    const campaign = findCampaign(main)
    const categories = main.filter((item) => item.type === 'category').slice(0, 4)
    expect((await home()).map((item) => [item.type, item.url])).toEqual(
      [...(campaign ? [campaign] : []), ...categories].map((item) => [item.type, item.url]),
    )
    const loaded = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    expect(loaded).toMatchObject({ version: null, draft: false })
    expect((loaded.sections as Json[]).map((section) => section.type)).toEqual(
      (await home()).map((item) => item.type),
    )
  })

  it('publishes banners and rows of a category, a brand and chosen products in the order given', async () => {
    const { version } = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    const campaign = await firstSlug('campaigns')
    const category = await firstSlug('categories')
    const brand = await firstSlug('brands')
    const picked = (await activeIds(3)).reverse()
    const saved = await save(
      {
        version,
        sections: [
          {
            type: 'banner',
            slides: [
              slide('eid'),
              { ...slide('winter'), imageBn: 'campaigns/winter-bn.webp', altBn: 'শীতের সেল' },
            ],
          },
          { type: 'category', slug: category, name: 'Just in' },
          { type: 'campaign', slug: campaign },
          { type: 'brand', slug: brand },
          { type: 'products', name: 'Our picks', nameBn: 'আমাদের পছন্দ', products: picked },
        ],
      },
      manager,
    )
    expect(saved.status).toBe(200)
    expect(data(saved)).toMatchObject({ draft: false })
    const sections = data(saved).sections as Json[]
    expect(sections.map((section) => section.type)).toEqual([
      'banner',
      'category',
      'campaign',
      'brand',
      'products',
    ])
    // a heading left empty is the campaign's or brand's own name
    expect(sections[2]?.name).toEqual(expect.any(String))
    expect(sections[3]?.name).toEqual(expect.any(String))

    const shopper = await home()
    expect(shopper.map((item) => [item.type, item.url])).toEqual([
      ['banner', ''],
      ['category', category],
      ['campaign', campaign],
      ['brand', brand],
      ['products', picked.join(',')],
    ])
    expect(shopper[0]?.submenu).toEqual([
      { name: 'eid sale', type: 'custom', url: '/category/men', image: 'campaigns/eid.webp', submenu: [] },
      {
        name: 'winter sale',
        nameBn: 'শীতের সেল',
        type: 'custom',
        url: '/category/men',
        image: 'campaigns/winter.webp',
        imageBn: 'campaigns/winter-bn.webp',
        submenu: [],
      },
    ])
    expect(shopper[4]).toMatchObject({ name: 'Our picks', nameBn: 'আমাদের পছন্দ' })
    expect((await auditOf('menu', 'home_page'))[0]?.action).toBe('home.update')

    // the chosen row's products come in the shop's order
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product/storefront/get-by-logic',
      headers: { 'x-api-key': 'haat-demo-key' },
      payload: { logic: 'products', slug: shopper[4]?.url, limit: 12 },
    })
    expect(row.statusCode).toBe(200)
    expect((row.json() as { data: { id: number }[] }).data.map((product) => product.id)).toEqual(picked)

    const stale = await save({ version: null, sections: [] })
    expect(stale.status).toBe(409)
  })

  it('keeps a draft that shoppers do not see until it is published, and previews it on any day', async () => {
    const published = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    const before = await home()
    const category = await firstSlug('categories')
    const day = today()
    const sections = [
      {
        type: 'banner',
        slides: [slide('pohela-boishakh')],
        startsOn: dayAfter(day, 3),
        endsOn: dayAfter(day, 5),
      },
      { type: 'category', slug: category, endsOn: dayAfter(day, -1) },
      { type: 'category', slug: category, name: 'Today only', startsOn: day, endsOn: day },
    ]
    const drafted = await save({ version: published.version, sections, draft: true })
    expect(drafted.status).toBe(200)
    expect(data(drafted)).toMatchObject({ draft: true })
    expect(await home()).toEqual(before)
    expect((await auditOf('menu', 'home_page'))[0]?.action).toBe('home.draft')
    // the editor opens on the draft, and a save must name the draft's version
    const reopened = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    expect(reopened).toMatchObject({ draft: true, version: data(drafted).version })
    expect((await save({ version: published.version, sections, draft: true })).status).toBe(409)

    const preview = async (on?: string) => {
      const answer = await adminCall(t.app, 'POST', 'home/preview', {
        as: owner,
        body: { sections, ...(on ? { on } : {}) },
      })
      expect(answer.status).toBe(200)
      return menuDocument.parse(answer.body).menu.map((item) => item.name)
    }
    expect(await preview()).toEqual(['Today only'])
    // a banner is named by its first picture
    expect(await preview(dayAfter(day, 4))).toEqual(['pohela-boishakh sale'])
    const yesterday = await preview(dayAfter(day, -1))
    expect(yesterday).toHaveLength(1)
    expect(yesterday).not.toContain('Today only')
    expect(await preview(dayAfter(day, 9))).toEqual([])

    const publishedNow = await save({ version: data(drafted).version, sections })
    expect(publishedNow.status).toBe(200)
    expect(data(publishedNow)).toMatchObject({ draft: false })
    // on the shop today: only what is scheduled for today
    expect((await home()).map((item) => item.name)).toEqual(['Today only'])
    expect(data(await adminCall(t.app, 'GET', 'home', { as: owner }))).toMatchObject({ draft: false })
    expect((await adminCall(t.app, 'POST', 'home/preview', { as: staff, body: { sections } })).status).toBe(
      403,
    )
  })

  it("names the deal's own campaign and its end while it runs, whichever campaigns its products are in", async () => {
    const { version } = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    const campaign = await firstSlug('campaigns')
    const saved = await save({ version, sections: [{ type: 'campaign', slug: campaign }] })
    expect(saved.status).toBe(200)
    const deal = async () => (await home())[0]
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

  it('refuses what shoppers could not be shown, field by field, and writes nothing', async () => {
    const { version } = data(await adminCall(t.app, 'GET', 'home', { as: owner }))
    const before = await home()
    const category = await firstSlug('categories')
    const [draftProduct] = await queryRows<{ id: number }>(
      t.db,
      sql`update products set status = 'draft' where id = (select max(id) from products) returning id`,
    )
    const cases: [Json[], string][] = [
      [[{ type: 'campaign', slug: 'no-such-campaign' }], 'sections.0.slug'],
      [[{ type: 'brand', slug: 'no-such-brand' }], 'sections.0.slug'],
      [[{ type: 'category', slug: '' }], 'sections.0.slug'],
      [[{ type: 'products', name: 'Picks', products: [] }], 'sections.0.products'],
      [[{ type: 'products', products: await activeIds(1) }], 'sections.0.name'],
      [[{ type: 'products', name: 'Picks', products: [Number(draftProduct?.id)] }], 'sections.0.products'],
      [[{ type: 'banner', slides: [] }], 'sections.0.slides'],
      [
        [{ type: 'banner', slides: [{ ...slide('x'), link: 'javascript:alert(1)' }] }],
        'sections.0.slides.0.link',
      ],
      [[{ type: 'banner', slides: [{ ...slide('x'), alt: '' }] }], 'sections.0.slides.0.alt'],
      [
        [{ type: 'category', slug: category, startsOn: '2026-12-10', endsOn: '2026-12-01' }],
        'sections.0.endsOn',
      ],
      [[{ type: 'category', slug: category, startsOn: '10/12/2026' }], 'sections.0.startsOn'],
      [Array.from({ length: 13 }, () => ({ type: 'category', slug: category })), 'sections'],
    ]
    for (const [sections, field] of cases) {
      const answer = await save({ version, sections })
      expect(answer.status, field).toBe(400)
      expect(Object.keys((answer.body as { error: Json }).error), field).toContain(field)
    }
    // in Bangla too
    const bangla = await adminCall(t.app, 'PUT', 'home', {
      as: owner,
      body: { version, sections: [{ type: 'banner', slides: [] }] },
      headers: { 'accept-language': 'bn' },
    })
    expect((bangla.body as { error: Record<string, string[]> }).error['sections.0.slides']).toEqual([
      'অন্তত একটি ছবি দিন',
    ])
    expect(await home()).toEqual(before)
    expect((await save({ version, sections: [] }, staff)).status).toBe(403)
  })
})
