import { describe, expect, it } from 'vitest'
import { mayOpen, navigationFor, placeOf, SECTIONS, safeNext } from '../../src/admin/sections'
import type { StaffRole } from '../../src/contract/staff'

const sectionsOf = (role: StaffRole) => navigationFor(role).map((section) => section.id)

describe('the back office navigation follows the role', () => {
  it.each([
    [
      'owner',
      [
        'dashboard',
        'orders',
        'customers',
        'reviews',
        'coupons',
        'promotions',
        'feeds',
        'waiting',
        'carts-left',
        'products',
        'categories',
        'brands',
        'options',
        'campaigns',
        'home',
        'menus',
        'pages',
        'import',
        'settings',
        'staff',
        'audit',
        'account',
      ],
    ],
    [
      'manager',
      [
        'dashboard',
        'orders',
        'customers',
        'reviews',
        'coupons',
        'promotions',
        'feeds',
        'waiting',
        'carts-left',
        'products',
        'categories',
        'brands',
        'options',
        'campaigns',
        'home',
        'menus',
        'pages',
        'import',
        'account',
      ],
    ],
    ['staff', ['dashboard', 'orders', 'products', 'account']],
  ] as const)('%s sees %j', (role, sections) => {
    expect(sectionsOf(role)).toEqual(sections)
  })

  it.each([
    ['owner', 'staff', true],
    ['owner', 'audit', true],
    ['manager', 'staff', false],
    ['manager', 'audit', false],
    ['staff', 'audit', false],
    ['staff', 'account', true],
    ['staff', 'products', true],
    ['staff', 'categories', false],
    ['manager', 'settings', false],
    ['owner', 'settings', true],
  ] as const)('%s may open %s: %s', (role, id, allowed) => {
    const section = SECTIONS.find((candidate) => candidate.id === id)
    if (!section) throw new Error(`no section ${id}`)
    expect(mayOpen(role, section)).toBe(allowed)
  })
})

describe('an address under /admin names its page', () => {
  it.each([
    ['', 'dashboard'],
    ['/', 'dashboard'],
    ['staff', 'staff'],
    ['staff/', 'staff'],
    ['audit', 'audit'],
    ['account', 'account'],
    ['products', 'products'],
    ['products/12', 'products'],
    ['products/new/', 'products'],
    ['orders', 'orders'],
    ['orders/12', 'orders'],
    ['customers/7', 'customers'],
    ['reviews', 'reviews'],
    ['coupons/EID10/uses', 'coupons'],
  ])('"%s" is the %s section', (path, id) => {
    const place = placeOf(path)
    expect(place.kind === 'section' && place.section.id).toBe(id)
  })

  it('a nested section gives what follows its path', () => {
    expect(placeOf('products/12')).toMatchObject({ kind: 'section', rest: '12' })
    expect(placeOf('products')).toMatchObject({ kind: 'section', rest: '' })
  })

  it.each([
    ['login', 'login'],
    ['setup', 'setup'],
    ['nowhere', 'unknown'],
    ['staff/12', 'unknown'],
    ['settings/x', 'unknown'],
  ])('"%s" is %s', (path, kind) => {
    expect(placeOf(path).kind).toBe(kind)
  })
})

describe('after signing in, only a back office page is where a person goes next', () => {
  it.each([
    ['/admin/staff', '/admin/staff'],
    ['/admin/audit?objectType=staff&page=2', '/admin/audit?objectType=staff&page=2'],
    ['/admin', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['//evil.example', '/admin'],
    ['/administrator', '/admin'],
    ['/cart', '/admin'],
    ['/admin/login?next=/admin/staff', '/admin'],
    [undefined, '/admin'],
    [42, '/admin'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected)
  })
})
