// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { campaignStatusAt, campaignUnitPrice, slugFromName } from '../../server/domain/campaigns'
import { bodyOf, draftOf, newDraft } from '../../src/admin/catalogue/campaign-draft'
import { CampaignProducts } from '../../src/admin/catalogue/campaign-products'
import { moveBy, moveTo } from '../../src/admin/catalogue/category-order'
import type { AdminCampaign } from '../../src/contract/admin-catalogue'
import { dhakaInputIn, fromDhakaInput, toDhakaInput } from '../../src/lib/dhaka-time'

describe('campaign times in Dhaka, whatever the browser’s zone', () => {
  it.each([
    ['2026-11-25T12:00:00.000Z', '2026-11-25T18:00'],
    ['2026-11-25T20:30:00.000Z', '2026-11-26T02:30'],
    ['2026-12-31T18:00:00+00:00', '2027-01-01T00:00'],
  ])('shows %s as %s in the input', (iso, input) => {
    expect(toDhakaInput(iso)).toBe(input)
  })

  it('sends what was typed as Dhaka time, with its offset', () => {
    expect(fromDhakaInput('2026-11-26T02:30')).toBe('2026-11-26T02:30:00+06:00')
    expect(new Date(fromDhakaInput('2026-11-26T02:30') ?? '').toISOString()).toBe('2026-11-25T20:30:00.000Z')
    expect(fromDhakaInput('2026-11-26')).toBeNull()
    expect(toDhakaInput('not a time')).toBe('')
  })

  it('starts a new campaign now and ends it six hours later', () => {
    const now = Date.parse('2026-11-25T10:15:00Z')
    expect(dhakaInputIn(0, now)).toBe('2026-11-25T16:15')
    expect(newDraft(now)).toMatchObject({
      starts: '2026-11-25T16:15',
      ends: '2026-11-25T22:15',
      choosing: 'hand',
    })
  })

  it('round-trips a saved campaign through the editor unchanged', () => {
    const campaign: AdminCampaign = {
      id: 3,
      slug: 'eid',
      name: 'Eid',
      nameBn: 'ঈদ',
      description: '',
      descriptionBn: '',
      banner: '',
      startsAt: '2026-11-25T03:00:00.000Z',
      endsAt: '2026-11-26T17:59:00.000Z',
      status: 'running',
      discountPercent: 0,
      productCount: 1,
      byRule: false,
      rule: null,
      products: [{ id: 7, slug: 'p', name: 'Panjabi', nameBn: '', price: 1000, discountedPrice: 900 }],
      prices: [{ productId: 7, price: 799 }],
      version: 4,
      updatedAt: '2026-11-25T03:00:00.000Z',
      updatedBy: null,
    }
    const body = bodyOf(draftOf(campaign))
    expect(body).toMatchObject({
      version: 4,
      startsAt: '2026-11-25T09:00:00+06:00',
      endsAt: '2026-11-26T23:59:00+06:00',
      productIds: [7],
      prices: [{ productId: 7, price: 799 }],
      rule: null,
    })
    expect(new Date(body.startsAt).toISOString()).toBe(campaign.startsAt)
  })
})

describe('reordering categories', () => {
  it.each([
    [[1, 2, 3], 2, -1, [2, 1, 3]],
    [[1, 2, 3], 2, 1, [1, 3, 2]],
    [[1, 2, 3], 1, -1, [1, 2, 3]],
    [[1, 2, 3], 3, 1, [1, 2, 3]],
  ])('moves within %j: %i by %i gives %j', (ids, id, step, expected) => {
    expect(moveBy(ids, id, step)).toEqual(expected)
  })

  it('puts a dropped category where it was dropped', () => {
    expect(moveTo([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3])
    expect(moveTo([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4])
    expect(moveTo([1, 2, 3], 9, 0)).toEqual([1, 2, 3])
  })
})

describe('campaign rules', () => {
  it.each([
    ['Eid Flash Deal!', 'eid-flash-deal'],
    ['  Winter -- Sale 2026 ', 'winter-sale-2026'],
    ['ঈদ', ''],
  ])('makes a slug of %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug)
  })

  it('knows scheduled, running and ended', () => {
    const start = new Date('2026-11-25T00:00:00Z')
    const end = new Date('2026-11-26T00:00:00Z')
    expect(campaignStatusAt(start, end, new Date('2026-11-24T23:59:59Z'))).toBe('scheduled')
    expect(campaignStatusAt(start, end, start)).toBe('running')
    expect(campaignStatusAt(start, end, end)).toBe('ended')
  })

  it.each([
    [{ price: 1000, regularDiscountedPrice: 1000 }, { ownPrice: null, discountPercent: 15 }, 850],
    [{ price: 1000, regularDiscountedPrice: 700 }, { ownPrice: null, discountPercent: 15 }, 700],
    [{ price: 1000, regularDiscountedPrice: 1000 }, { ownPrice: 599, discountPercent: 15 }, 599],
    [{ price: 999, regularDiscountedPrice: 999 }, { ownPrice: null, discountPercent: 33 }, 669],
    [{ price: 1000, regularDiscountedPrice: 1000 }, { ownPrice: null, discountPercent: 0 }, null],
  ])('prices %j in %j at %s', (unit, campaign, expected) => {
    expect(campaignUnitPrice(unit, campaign)).toBe(expected)
  })
})

describe('the campaign’s chosen products', () => {
  const panjabi = { id: 7, slug: 'p', name: 'Silk Panjabi', nameBn: '', price: 2500, discountedPrice: 2200 }
  const withClient = (node: ReactNode) =>
    render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>)

  it('asks a price for each product when the campaign prices them one by one, and removes one', () => {
    const onChange = vi.fn()
    const draft = { ...newDraft(), pricing: 'prices' as const, products: [panjabi], prices: { 7: '1999' } }
    withClient(<CampaignProducts draft={draft} onChange={onChange} />)
    expect(screen.getByRole('heading', { name: 'Chosen products: 1' })).toBeTruthy()
    const price = screen.getByLabelText('Campaign price for Silk Panjabi') as HTMLInputElement
    expect(price.value).toBe('1999')
    fireEvent.change(price, { target: { value: '1899' } })
    expect(onChange).toHaveBeenLastCalledWith({ prices: { 7: '1899' } })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Silk Panjabi' }))
    expect(onChange).toHaveBeenLastCalledWith({ products: [], prices: {} })
  })

  it('asks no price per product with one discount for all', () => {
    withClient(<CampaignProducts draft={{ ...newDraft(), products: [panjabi] }} onChange={vi.fn()} />)
    expect(screen.queryByLabelText('Campaign price for Silk Panjabi')).toBeNull()
  })
})
