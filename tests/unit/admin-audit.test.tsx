// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { auditFilters, auditSearch } from '../../src/admin/audit/audit-search'
import { AuditTable } from '../../src/admin/audit/audit-table'
import { describeChanges, showValue } from '../../src/admin/audit/changes'

describe('an audit entry before and after, as lines', () => {
  it('lists only the fields that changed', () => {
    expect(
      describeChanges({ role: 'staff', status: 'active' }, { role: 'manager', status: 'active' }),
    ).toEqual([{ field: 'role', before: 'staff', after: 'manager' }])
  })

  it('shows a new record field by field, from nothing', () => {
    expect(describeChanges(null, { phone: '01712345678', role: 'staff' })).toEqual([
      { field: 'phone', before: '—', after: '01712345678' },
      { field: 'role', before: '—', after: 'staff' },
    ])
  })

  it('shows a value that is not a record whole', () => {
    expect(describeChanges(100, 120)).toEqual([{ field: null, before: '100', after: '120' }])
    expect(describeChanges([1], [1, 2])).toEqual([{ field: null, before: '[1]', after: '[1,2]' }])
  })

  it('has nothing to say when nothing changed', () => {
    expect(describeChanges(null, null)).toEqual([])
    expect(describeChanges({ a: 1 }, { a: 1 })).toEqual([])
  })

  it.each([
    [null, '—'],
    ['', '—'],
    [true, 'true'],
    [{ price: 10 }, '{"price":10}'],
  ])('writes %j as %s', (value, text) => {
    expect(showValue(value)).toBe(text)
  })

  it('cuts a long value short', () => {
    expect(showValue({ text: 'x'.repeat(500) })).toHaveLength(200)
  })
})

describe('the audit log filters in the address', () => {
  it('reads what the API takes and drops the rest', () => {
    expect(
      auditFilters({ staffId: '3', objectType: 'staff', objectId: ' 12 ', page: '2', other: 'x' }),
    ).toEqual({ staffId: 3, objectType: 'staff', objectId: '12', page: 2 })
    expect(auditFilters({ staffId: '-1', objectType: 'Staff!', page: '0' })).toEqual({
      staffId: undefined,
      objectType: undefined,
      objectId: undefined,
      page: 1,
    })
  })

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(auditSearch({ page: 1 })).toEqual({})
    const filters = { staffId: 7, objectType: 'sku', objectId: 'A-1', page: 3 }
    expect(auditFilters(auditSearch(filters))).toEqual(filters)
  })
})

describe('the audit table', () => {
  it('reads each change as was and now, and names the system when no one did it', () => {
    render(
      <AuditTable
        busy={false}
        entries={[
          {
            id: 1,
            at: '2026-11-25T10:00:00Z',
            staff: null,
            action: 'staff.update',
            objectType: 'staff',
            objectId: '4',
            before: { role: 'staff' },
            after: { role: 'manager' },
          },
        ]}
      />,
    )
    const table = screen.getByRole('table', { name: 'Audit log entries, newest first' })
    const [, row] = within(table).getAllByRole('row')
    if (!row) throw new Error('no entry row')
    expect(within(row).getByText('System')).toBeTruthy()
    // the server's keys in words: `staff.update` on `staff` 4
    expect(within(row).getByText('Staff changed')).toBeTruthy()
    expect(within(row).getByText('Staff #4')).toBeTruthy()
    expect(within(row).getByRole('listitem').textContent?.replace(/\s+/g, ' ')).toBe(
      'Role: was staff → now manager',
    )
  })

  it('says so when nothing is recorded', () => {
    render(<AuditTable busy={false} entries={[]} />)
    expect(screen.getByRole('status').textContent).toBe('Nothing is recorded for these filters.')
  })
})
