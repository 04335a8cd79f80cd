import { describe, expect, it } from 'vitest'
import {
  cartReminderText,
  lastThreeDigits,
  outsideQuietHours,
  reminderDueAt,
} from '../../server/domain/carts-left'

describe('the quiet hours (22:00–08:00 in Dhaka, UTC+6)', () => {
  it.each([
    ['10:00 in Dhaka is allowed as it is', '2026-11-29T04:00:00Z', '2026-11-29T04:00:00Z'],
    ['21:59 in Dhaka is allowed as it is', '2026-11-29T15:59:00Z', '2026-11-29T15:59:00Z'],
    ['22:00 waits for 08:00 the next morning', '2026-11-29T16:00:00Z', '2026-11-30T02:00:00Z'],
    ['23:00 waits for 08:00 the next morning', '2026-11-29T17:00:00Z', '2026-11-30T02:00:00Z'],
    ['00:30 (after midnight) waits for 08:00 the same day', '2026-11-29T18:30:00Z', '2026-11-30T02:00:00Z'],
    ['07:59 waits a minute', '2026-11-30T01:59:00Z', '2026-11-30T02:00:00Z'],
    ['08:00 is allowed', '2026-11-30T02:00:00Z', '2026-11-30T02:00:00Z'],
  ])('%s', (_name, at, allowed) => {
    expect(outsideQuietHours(new Date(at)).toISOString()).toBe(new Date(allowed).toISOString())
  })
})

describe('the reminder', () => {
  it('is due the owner’s delay after the last activity', () => {
    expect(reminderDueAt(new Date('2026-11-29T04:00:00Z'), 3).toISOString()).toBe('2026-11-29T07:00:00.000Z')
  })

  it('names the shop and the items, with both links, in either language', () => {
    const facts = {
      shop: 'Haat',
      pieces: 1,
      link: 'https://x/cart/restore/t',
      stop: 'https://x/reminders/stop/t',
    }
    expect(cartReminderText({ ...facts, language: 'en' })).toBe(
      'Haat: you left 1 item in your cart. Pick up where you left off: https://x/cart/restore/t (no more reminders: https://x/reminders/stop/t)',
    )
    const bangla = cartReminderText({ ...facts, shop: 'হাট', pieces: 12, language: 'bn' })
    expect(bangla).toContain('হাট: আপনার কার্টে ১২টি পণ্য রয়ে গেছে')
    expect(bangla).toContain('https://x/reminders/stop/t')
  })

  it('shows staff who may not see customers’ numbers only the last three digits', () => {
    expect(lastThreeDigits('01712345678')).toBe('••••••••678')
  })
})
