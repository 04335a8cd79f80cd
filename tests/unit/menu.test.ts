// @vitest-environment happy-dom
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
  it('every section in the order the shop gave, each row asking for its products; a banner asks for none', () => {
    const sections = homeSections([
      item('eid-pictures', 'banner', [item('/category/men', 'custom')]),
      item('eid', 'campaign'),
      item('panjabi', 'category'),
      item('about', 'page'),
      item('aarong', 'brand'),
      item('12,9,40', 'products'),
      item('/offers', 'custom'),
    ])
    expect(sections.map((section) => [section.item.name, section.body])).toEqual([
      ['eid-pictures', undefined],
      ['eid', { logic: 'campaign', slug: 'eid', limit: 8 }],
      ['panjabi', { logic: 'category', slug: 'panjabi', limit: 4 }],
      ['aarong', { logic: 'brand', slug: 'aarong', limit: 4 }],
      ['12,9,40', { logic: 'products', slug: '12,9,40', limit: 12 }],
    ])
  })

  it('an empty document shows nothing', () => {
    expect(homeSections([])).toEqual([])
  })
})
