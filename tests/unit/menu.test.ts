import { describe, expect, it } from 'vitest'
import { splitFooterMenu } from '../../src/app'
import type { MenuItem } from '../../src/contract/menu'
import { homeSections } from '../../src/features/home'
import { isExternalHref, menuHref } from '../../src/lib/menu-href'

describe('menu item links by type (storefront §2)', () => {
  it.each([
    ['category', 'panjabi', '/category/panjabi'],
    ['brand', 'aarong', '/brand/aarong'],
    ['campaign', 'eid-sale', '/flash-deal/eid-sale'],
    ['page', 'about-us', '/about-us'],
    ['page', '/privacy-policy/', '/privacy-policy'],
    ['custom', '/search?text=saree', '/search?text=saree'],
    ['custom', 'https://blog.haat.com.bd', 'https://blog.haat.com.bd'],
    ['category', 'kids & baby', '/category/kids%20%26%20baby'],
  ] as const)('%s %j → %s', (type, url, href) => {
    expect(menuHref({ type, url })).toBe(href)
  })
})

describe('external links', () => {
  it.each([
    ['https://facebook.com/haat', true],
    ['//cdn.example.com/x', true],
    ['mailto:support@haat.com.bd', true],
    ['/category/men', false],
    ['/search?text=a', false],
  ])('%s → %s', (href, external) => {
    expect(isExternalHref(href)).toBe(external)
  })
})

describe('footer information columns', () => {
  it.each([
    [[], [[], []]],
    [
      ['a', 'b'],
      [['a', 'b'], []],
    ],
    [
      ['a', 'b', 'c'],
      [['a', 'b', 'c'], []],
    ],
    [
      ['a', 'b', 'c', 'd', 'e'],
      [
        ['a', 'b', 'c'],
        ['d', 'e'],
      ],
    ],
  ])('%j splits as %j', (items, columns) => {
    expect(splitFooterMenu(items)).toEqual(columns)
  })
})

describe('homeSections', () => {
  const item = (name: string, type: MenuItem['type'], submenu: MenuItem[] = []): MenuItem => ({
    name,
    type,
    url: name,
    submenu,
  })
  it.each([
    [
      'the first campaign anywhere in the menu, and the first 4 top-level categories',
      [
        item('men', 'category', [item('eid', 'campaign')]),
        item('about', 'page'),
        item('women', 'category'),
        item('kids', 'category'),
        item('footwear', 'category'),
        item('accessories', 'category'),
        item('winter', 'campaign'),
      ],
      'eid',
      ['men', 'women', 'kids', 'footwear'],
    ],
    [
      'no campaign: category rows only',
      [item('men', 'category'), item('brand', 'brand')],
      undefined,
      ['men'],
    ],
    ['an empty menu shows nothing', [], undefined, []],
  ])('%s', (_, menu, campaign, categories) => {
    const sections = homeSections(menu)
    expect(sections.campaign?.item.name).toBe(campaign)
    expect(sections.campaign?.body).toEqual(campaign && { logic: 'campaign', slug: campaign, limit: 8 })
    expect(sections.categories.map((entry) => entry.item.name)).toEqual(categories)
    expect(sections.categories.map((entry) => entry.body)).toEqual(
      categories.map((slug) => ({ logic: 'category', slug, limit: 4 })),
    )
  })
})
