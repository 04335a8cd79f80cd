import { describe, expect, it } from 'vitest'
import { CAPABILITY_NAMES, can, STAFF_ROLES, type StaffRole } from '../../src/contract/permissions'

const allowedTo = (role: string) => CAPABILITY_NAMES.filter((capability) => can(role, capability))

/** The README's roles: owners everything; managers all but staff, settings and the audit log; staff orders and stock. */
describe('the permission table gives each role what the README says', () => {
  it('lets an owner do everything', () => {
    expect(allowedTo('owner')).toEqual(CAPABILITY_NAMES)
  })

  it('keeps staff, settings and the audit log from managers', () => {
    expect(CAPABILITY_NAMES.filter((capability) => !can('manager', capability))).toEqual([
      'settings.write',
      'staff.manage',
      'audit.read',
    ])
  })

  it('gives staff orders (taking them by hand too) and stock, and nothing of prices, the catalogue, customers or money', () => {
    expect(allowedTo('staff')).toEqual([
      'account.self',
      'orders.read',
      'orders.move',
      'orders.take',
      'orders.edit',
      'orders.export',
      'products.read',
      'stock.adjust',
    ])
  })

  it.each(['customer', 'admin', 'Owner', ''])('gives nothing to an account whose role is %j', (role) => {
    expect(allowedTo(role)).toEqual([])
  })

  it.each(STAFF_ROLES)('lets a %s reach their own account', (role: StaffRole) => {
    expect(can(role, 'account.self')).toBe(true)
  })
})
