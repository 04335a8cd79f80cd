import { describe, expect, it } from 'vitest'
import { dashboardView } from '../../src/admin/dashboard/dashboard-search'
import { DAY_RANGE_MESSAGE, FIRST_DAY, isShopDay, LAST_DAY, shopDay } from '../../src/contract/days'

describe('the days the API takes', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    [FIRST_DAY, true],
    [LAST_DAY, true],
    ['2026-02-30', false],
    ['2027-02-29', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['1999-12-31', false],
    ['2101-01-01', false],
    ['0001-01-01', false],
    ['26-02-01', false],
    ['2026-2-1', false],
    ['', false],
  ])('%s: %s', (day, taken) => {
    expect(isShopDay(day)).toBe(taken)
    expect(shopDay.safeParse(day).success).toBe(taken)
  })

  it('says one thing of each wrong day', () => {
    const said = (day: string) => shopDay.safeParse(day).error?.issues.map((issue) => issue.message)
    expect(said('soon')).toEqual(['Enter a date as YYYY-MM-DD'])
    expect(said('2026-02-30')).toEqual(['Enter a date that exists'])
    expect(said('0001-01-01')).toEqual([DAY_RANGE_MESSAGE])
  })

  it('names its bounds in its message', () => {
    expect(DAY_RANGE_MESSAGE).toBe(`Enter a date from ${FIRST_DAY} to ${LAST_DAY}`)
  })

  it("the dashboard's address drops a day the API would refuse", () => {
    expect(dashboardView({ range: 'custom', from: '0001-01-01', to: '2026-03-01' })).toEqual({ range: '30d' })
    expect(dashboardView({ range: 'custom', from: '2026-02-01', to: '2026-03-01' })).toEqual({
      range: 'custom',
      from: '2026-02-01',
      to: '2026-03-01',
    })
  })
})
