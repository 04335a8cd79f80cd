// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SettingsForm } from '../../src/admin/settings/settings-form'
import { conflictText, settingsErrors } from '../../src/admin/settings/settings-page'
import { isPrintedBdPhone, noMarketing, type ShopSettings } from '../../src/contract/settings'
import { ApiRequestError } from '../../src/lib/api'

const both = (en: string, bn = '') => ({ en, bn })
const settings: ShopSettings = {
  name: both('Haat', 'হাট'),
  logo: null,
  phones: ['09612-345678', '01711-234567', '01811-000111'],
  address: both('House 12, Road 5, Dhanmondi'),
  email: 'support@haat.com.bd',
  hours: both('Every day'),
  social: { facebook: 'https://www.facebook.com/haat', instagram: '', youtube: '', tiktok: '' },
  delivery: {
    inside_dhaka: { charge: 70, perKg: 0, estimate: both('1–2 days') },
    dhaka_suburbs: { charge: 110, perKg: 0, estimate: both('2–3 days') },
    outside_dhaka: { charge: 130, perKg: 0, estimate: both('3–5 days') },
    baseKg: 1,
    freeAbove: 0,
  },
  vatPercent: 5,
  lowStockThreshold: 5,
  returnPolicy: both('Within 7 days.'),
  returnSummary: both('7-day returns'),
  seo: { title: both('Haat'), description: both('Fashion for Bangladesh') },
  orderLimits: { perLine: 10, perOrder: 30, guestTotal: 50_000, heldPerNumber: 50, heldPerAddress: 150 },
  rewardPoints: { earnPer100: 1, pointValue: 1, minimum: 100, capPercent: 20, spending: true },
  reviews: { holdSignedIn: false },
  cartReminders: { enabled: true, delayHours: 3 },
  chat: { whatsapp: { number: '', show: false }, messenger: { username: '', show: false } },
  marketing: { ...noMarketing },
  payments: {
    cod: { enabled: true, limit: 0, maxOpen: 0, confirmAbove: 0, advance: { outsideDhaka: false, above: 0 } },
    bkash: { enabled: false },
    transfer: { enabled: false, numbers: { bkash: '', nagad: '', rocket: '' } },
  },
}

const form = (props: Partial<Parameters<typeof SettingsForm>[0]> = {}) =>
  render(
    <SettingsForm
      initial={settings}
      busy={false}
      errors={{}}
      problem={null}
      status={null}
      onSave={() => {}}
      {...props}
    />,
  )

describe('the settings form', () => {
  it('saves what was typed, leaving out an emptied phone box', () => {
    const onSave = vi.fn()
    form({ onSave })
    fireEvent.change(screen.getByLabelText('Phone 1'), { target: { value: '01999-000555' } })
    fireEvent.change(screen.getByLabelText('Phone 2'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Inside Dhaka: charge up to the base weight (TK)'), {
      target: { value: '95' },
    })
    fireEvent.change(screen.getByLabelText('Work hours (Bangla)'), { target: { value: 'প্রতিদিন' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      ...settings,
      phones: ['01999-000555', '01811-000111'],
      hours: both('Every day', 'প্রতিদিন'),
      delivery: { ...settings.delivery, inside_dhaka: { ...settings.delivery.inside_dhaka, charge: 95 } },
    })
  })

  it('carries a renamed shop into the SEO titles that began with its name, and leaves a title of its own', () => {
    const onSave = vi.fn()
    form({
      onSave,
      initial: {
        ...settings,
        seo: { ...settings.seo, title: both('Haat — fashion for Bangladesh', 'Dhaka’s own fashion') },
      },
    })
    // typed a letter at a time, through an empty box, as a person would
    for (const typed of ['Haa', '', 'D', 'Dhaka Threads']) {
      fireEvent.change(screen.getByLabelText('Shop name (English)'), { target: { value: typed } })
    }
    fireEvent.change(screen.getByLabelText('Shop name (Bangla)'), { target: { value: 'ঢাকা থ্রেডস' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    const saved = onSave.mock.calls[0]?.[0] as ShopSettings
    expect(saved.name).toEqual(both('Dhaka Threads', 'ঢাকা থ্রেডস'))
    expect(saved.seo.title).toEqual(both('Dhaka Threads — fashion for Bangladesh', 'Dhaka’s own fashion'))
  })

  it('saves the per-kg charge, the base weight and the free-delivery total, and shows their errors', () => {
    const onSave = vi.fn()
    form({ onSave, errors: { 'delivery.baseKg': 'Enter a weight from 0 to 100 kg, in steps of 0.5' } })
    fireEvent.change(screen.getByLabelText('Outside Dhaka: per extra kg (TK)'), { target: { value: '25' } })
    const base = screen.getByLabelText('Base weight (kg)')
    expect(base.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(base, { target: { value: '0.5' } })
    fireEvent.change(screen.getByLabelText('Free delivery for orders from (TK, 0: never)'), {
      target: { value: '3000' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      ...settings,
      delivery: {
        ...settings.delivery,
        outside_dhaka: { ...settings.delivery.outside_dhaka, perKg: 25 },
        baseKg: 0.5,
        freeAbove: 3000,
      },
    })
  })

  it('saves the order limits, and shows their errors', () => {
    const onSave = vi.fn()
    form({ onSave, errors: { 'orderLimits.perLine': 'Enter a whole number from 1 to 1000' } })
    const perLine = screen.getByLabelText('Pieces of one item in an order (at most)')
    expect(perLine.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(perLine, { target: { value: '6' } })
    fireEvent.change(screen.getByLabelText('Largest order without an account (TK, 0: no limit)'), {
      target: { value: '20000' },
    })
    fireEvent.change(
      screen.getByLabelText(
        'Pieces one mobile number may hold in orders not yet paid or confirmed (0: no limit)',
      ),
      { target: { value: '0' } },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      ...settings,
      orderLimits: { ...settings.orderLimits, perLine: 6, guestTotal: 20_000, heldPerNumber: 0 },
    })
  })

  it('saves the reward points, and shows their errors', () => {
    const onSave = vi.fn()
    form({ onSave, errors: { 'rewardPoints.capPercent': 'Enter a percentage from 1 to 100' } })
    expect(screen.getByText('Enter a percentage from 1 to 100')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('What one point takes off (TK)'), { target: { value: '0.5' } })
    fireEvent.change(screen.getByLabelText("Most of an order's items points may pay (%)"), {
      target: { value: '30' },
    })
    fireEvent.click(screen.getByLabelText('Shoppers can spend points at checkout'))
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      ...settings,
      rewardPoints: { ...settings.rewardPoints, pointValue: 0.5, capPercent: 30, spending: false },
    })
  })

  it('puts the server’s word next to the box it is about, even when a box before it is empty', () => {
    form({
      initial: { ...settings, phones: ['09612-345678', '', '12345'] },
      errors: { 'phones.1': 'Enter a Bangladeshi phone number', 'social.facebook': 'Enter a full address' },
    })
    const third = screen.getByLabelText('Phone 3')
    expect(third.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(third.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a Bangladeshi phone number',
    )
    expect(screen.getByLabelText('Phone 2').getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByLabelText('Facebook page address').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Not saved: correct the fields marked above.')).toBeTruthy()
  })

  it('groups the form in its sections, each a heading', () => {
    form()
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(headings).toEqual([
      'Shop',
      'Contact',
      'Chat to order',
      'Delivery',
      'Payment methods',
      'Order limits',
      'Reward points',
      'Taxes and stock',
      'Reviews',
      'Carts left behind',
      'Policies',
      'Ads and analytics',
      'Search engines',
    ])
  })
})

describe('a refused save, split for the form', () => {
  it('gives the settings’ fields by their path, and the rest to the form', () => {
    const error = new ApiRequestError('x', 400, {
      'settings.email': ['Enter a valid email address'],
      'settings.delivery.inside_dhaka.charge': ['Enter a charge from 0 to 10000 TK'],
      csrf: ['Reload the page'],
    })
    expect(settingsErrors(error)).toEqual({
      fields: {
        email: 'Enter a valid email address',
        'delivery.inside_dhaka.charge': 'Enter a charge from 0 to 10000 TK',
      },
      form: 'Reload the page',
    })
  })

  it('says who saved meanwhile and when, in Bangladesh’s time', () => {
    expect(conflictText({ updatedBy: 'Karim Uddin', updatedAt: '2026-11-25T08:05:00.000Z' })).toBe(
      'Not saved: Karim Uddin changed the settings at 14:05. Load their version, then make your changes again.',
    )
  })
})

describe('a phone number as the shop prints it', () => {
  it.each([
    ['09612-345678', true],
    ['01711-234567', true],
    ['+880 2-9876543', true],
    ['০১৭১১-২৩৪৫৬৭', true],
    ['12345', false],
    ['01711-234567 ext 5', false],
    ['', false],
  ])('%s is accepted: %s', (phone, accepted) => {
    expect(isPrintedBdPhone(phone)).toBe(accepted)
  })
})
