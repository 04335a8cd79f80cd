// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { type OrderChange, SHOP_CANCEL_REASONS } from '../../src/contract/orders'
import { chooseLanguage } from '../../src/i18n'
import { cancelReasonText, entryTexts, orderChangeText } from '../../src/ui/order-changes'

const kurti = { name: 'Cotton kurti', size: 'M', colour: 'Red' }
const panjabi = { name: 'Panjabi', size: null, colour: null }

/** every kind of change, with what it reads in English and in Bangla (Bengali digits, taka in Indian grouping) */
const cases: [OrderChange, string, string][] = [
  [
    { kind: 'shipped', courier: 'Pathao', trackingNumber: 'PT123' },
    'Shipped with Pathao, tracking number PT123',
    'Pathao-এ পাঠানো হয়েছে, ট্র্যাকিং নম্বর PT123',
  ],
  [{ kind: 'removed', line: panjabi }, 'Removed Panjabi', 'Panjabi বাদ দেওয়া হয়েছে'],
  [
    { kind: 'quantity', line: kurti, from: 1, to: 12 },
    'Quantity of Cotton kurti (M, Red): 1 → 12',
    'Cotton kurti (M, Red)-এর পরিমাণ: ১ → ১২',
  ],
  [
    { kind: 'added', line: kurti, quantity: 2, price: 125000 },
    'Added Cotton kurti (M, Red) × 2 at TK 1,25,000.00',
    'Cotton kurti (M, Red) × ২ যোগ করা হয়েছে, দাম ৳ ১,২৫,০০০.০০',
  ],
  [{ kind: 'returned', line: panjabi, quantity: 1 }, 'Panjabi × 1 came back', 'Panjabi × ১ ফেরত এসেছে'],
  [{ kind: 'address' }, 'Delivery address changed', 'ডেলিভারির ঠিকানা বদলানো হয়েছে'],
  [
    { kind: 'delivery', from: 60, to: 120 },
    'Delivery charge TK 60.00 → TK 120.00',
    'ডেলিভারি চার্জ ৳ ৬০.০০ → ৳ ১২০.০০',
  ],
  [
    { kind: 'coupon-dropped', code: 'EID10', minimum: 2000 },
    'Coupon EID10 no longer applies: the subtotal is under TK 2,000.00',
    'কুপন EID10 আর খাটে না: সাবটোটাল ৳ ২,০০০.০০-এর কম',
  ],
  [
    { kind: 'coupon-dropped', code: 'EID10', minimum: null },
    'Coupon EID10 no longer applies: it no longer exists',
    'কুপন EID10 আর খাটে না: কুপনটি আর নেই',
  ],
  [
    { kind: 'coupon', code: 'EID10', from: 100, to: 250 },
    'Coupon EID10 takes off TK 100.00 → TK 250.00',
    'কুপন EID10-এর ছাড় ৳ ১০০.০০ → ৳ ২৫০.০০',
  ],
  [{ kind: 'total', from: 1060, to: 2120 }, 'Total TK 1,060.00 → TK 2,120.00', 'মোট ৳ ১,০৬০.০০ → ৳ ২,১২০.০০'],
  [{ kind: 'collect', amount: 1060 }, 'Still to pay: TK 1,060.00', 'আরও পরিশোধ করতে হবে: ৳ ১,০৬০.০০'],
  [{ kind: 'refund', amount: 500 }, 'To be refunded: TK 500.00', 'ফেরত দেওয়া হবে: ৳ ৫০০.০০'],
]

describe('what the shop did to an order, in the reader’s language', () => {
  afterEach(() => chooseLanguage('en'))

  it.each(cases)('%o', async (change, english, bangla) => {
    expect(orderChangeText(change)).toBe(english)
    await chooseLanguage('bn')
    expect(orderChangeText(change)).toBe(bangla)
  })

  it('puts the shop’s own note after the changes, and reads an older entry’s note as it is', async () => {
    const edit = { note: 'Customer called', changes: [cases[5]?.[0] as OrderChange] }
    expect(entryTexts(edit)).toEqual(['Delivery address changed', 'Customer called'])
    expect(entryTexts({ note: 'Order updated by the shop: address changed' })).toEqual([
      'Order updated by the shop: address changed',
    ])
    expect(entryTexts({ note: '', changes: [] })).toEqual([])
  })

  it('translates the reasons the shop cancels with, and keeps a person’s own', async () => {
    await chooseLanguage('bn')
    expect(cancelReasonText(SHOP_CANCEL_REASONS.notPaid)).toBe('সময়মতো পেমেন্ট হয়নি')
    expect(cancelReasonText(SHOP_CANCEL_REASONS.paymentFailed)).toBe('পেমেন্ট ব্যর্থ হয়েছে')
    expect(cancelReasonText('Customer changed mind')).toBe('Customer changed mind')
  })
})
