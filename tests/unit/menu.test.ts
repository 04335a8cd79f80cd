import { describe, expect, it } from 'vitest'
import type { MenuItem } from '../../src/contract/menu'
import { flattenMenu } from '../../src/features/home'
import { isExternalHref, menuHref } from '../../src/features/menu'
import { splitFooterMenu } from '../../src/features/shell'

describe('menu item links by type (SPEC §2)', () => {
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

describe('flattenMenu', () => {
  const item = (name: string, submenu: MenuItem[] = []): MenuItem => ({
    name,
    type: 'category',
    url: name,
    submenu,
  })
  it('lists every item with its submenu items after it', () => {
    const menu = [item('men', [item('panjabi'), item('shirts')]), item('women', [item('saree')])]
    expect(flattenMenu(menu).map((entry) => entry.name)).toEqual([
      'men',
      'panjabi',
      'shirts',
      'women',
      'saree',
    ])
  })
})
