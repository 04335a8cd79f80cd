import { describe, expect, it } from 'vitest'
import { orderCreateBody } from '../../src/contract/orders'
import { type OrderBodyInput, orderBody } from '../../src/features/checkout/order-body'
import type { AddressDraft } from '../../src/ui/address-fields'

const typedAddress: AddressDraft = {
  name: 'Rahim Uddin',
  phone: '01811111111',
  division: 'Dhaka',
  district: 'Dhaka',
  area: 'Dhanmondi',
  street: 'House 12, Road 5',
  landmark: 'Near the lake',
}
const saved = { id: 7, name: 'Karim Mia', phone: '01922222222' }
/** a cart line as stored on the device: only the sku and quantity reach the server */
const cartLine = {
  skuId: 31,
  quantity: 2,
  sku: 'PJ-31-M',
  title: 'Cotton Panjabi',
  unit_discounted_price: 1200,
}

const input = (over: Partial<OrderBodyInput> = {}): OrderBodyInput => ({
  lines: [cartLine, { skuId: 44, quantity: 1 }],
  signedIn: false,
  contact: { name: 'Nadia Islam', phone: '01712345678', email: 'nadia@example.com' },
  address: typedAddress,
  coupon: '',
  notes: '',
  acceptTerms: true,
  ...over,
})

const newAddress = (name: string, phone: string) => ({
  address: { ...typedAddress, name, phone },
})

describe('orderBody: who the order is for and where it goes', () => {
  it.each([
    {
      name: 'a guest with a new address: name and phone from the contact fields, on the address too',
      over: {},
      customer: { name: 'Nadia Islam', phone: '01712345678', email: 'nadia@example.com' },
      destination: newAddress('Nadia Islam', '01712345678'),
    },
    {
      name: 'a signed-in shopper with a new address: name and phone as typed on the address',
      over: { signedIn: true, contact: { name: '', phone: '', email: '' } },
      customer: { name: 'Rahim Uddin', phone: '01811111111', email: '' },
      destination: newAddress('Rahim Uddin', '01811111111'),
    },
    {
      name: 'a signed-in shopper with a saved address: its id, and its name and phone',
      over: { signedIn: true, savedAddress: saved, contact: { name: '', phone: '', email: '' } },
      customer: { name: 'Karim Mia', phone: '01922222222', email: '' },
      destination: { addressId: 7 },
    },
    {
      name: 'a saved address wins over the contact fields even without a session',
      over: { savedAddress: saved },
      customer: { name: 'Karim Mia', phone: '01922222222', email: 'nadia@example.com' },
      destination: { addressId: 7 },
    },
  ])('$name', ({ over, customer, destination }) => {
    const body = orderBody(input(over))
    expect(body.customer).toEqual(customer)
    expect({ address: body.address, addressId: body.addressId }).toEqual({
      address: undefined,
      addressId: undefined,
      ...destination,
    })
  })
})

describe('orderBody: the rest of the body', () => {
  it.each([
    { name: 'no coupon sends none', over: { coupon: '' }, field: 'coupon', sent: undefined },
    { name: 'the applied coupon is sent', over: { coupon: 'EID10' }, field: 'coupon', sent: 'EID10' },
    { name: 'notes go as typed', over: { notes: '  Call first\n' }, field: 'notes', sent: '  Call first\n' },
    { name: 'payment is cash on delivery', over: {}, field: 'paymentMethod', sent: 'cod' },
    { name: 'ticked terms are accepted', over: { acceptTerms: true }, field: 'acceptTerms', sent: true },
    {
      name: 'unticked terms are sent for the server to refuse',
      over: { acceptTerms: false },
      field: 'acceptTerms',
      sent: false,
    },
  ] as const)('$name', ({ over, field, sent }) => {
    expect(orderBody(input(over))[field]).toEqual(sent)
  })

  it('sends each cart line as its sku id and quantity only', () => {
    expect(orderBody(input()).lines).toEqual([
      { skuId: 31, quantity: 2 },
      { skuId: 44, quantity: 1 },
    ])
  })

  it.each([
    {
      name: 'a guest',
      over: { contact: { name: ' Nadia ', phone: ' 01712345678 ', email: ' n@example.com ' } },
      customer: { name: ' Nadia ', phone: ' 01712345678 ', email: ' n@example.com ' },
    },
    {
      name: 'a signed-in shopper',
      over: { signedIn: true, address: { ...typedAddress, name: ' Rahim ', phone: '01811-111111' } },
      customer: { name: ' Rahim ', phone: '01811-111111', email: 'nadia@example.com' },
    },
  ])('leaves trimming and phone formats to the server for $name', ({ over, customer }) => {
    const body = orderBody(input(over))
    expect(body.customer).toEqual(customer)
    expect(body.address).toMatchObject({ name: customer.name, phone: customer.phone })
  })

  it('sends the fields in the order the page always has', () => {
    const json = JSON.stringify(orderBody(input({ coupon: 'EID10', notes: 'Call first' })))
    expect(json).toBe(
      JSON.stringify({
        lines: [
          { skuId: 31, quantity: 2 },
          { skuId: 44, quantity: 1 },
        ],
        customer: { name: 'Nadia Islam', phone: '01712345678', email: 'nadia@example.com' },
        address: { ...typedAddress, name: 'Nadia Islam', phone: '01712345678' },
        coupon: 'EID10',
        notes: 'Call first',
        paymentMethod: 'cod',
        acceptTerms: true,
      }),
    )
    expect(JSON.parse(JSON.stringify(orderBody(input())))).not.toHaveProperty('coupon')
  })
})

describe('orderBody against the contract', () => {
  it.each([
    { name: 'guest, new address', over: {} },
    { name: 'signed in, new address', over: { signedIn: true } },
    { name: 'signed in, saved address', over: { signedIn: true, savedAddress: saved } },
    { name: 'with a coupon', over: { coupon: 'EID10' } },
  ])('$name is a valid order body', ({ over }) => {
    expect(orderCreateBody.safeParse(orderBody(input(over))).success).toBe(true)
  })

  it('an unticked terms box is refused with its message', () => {
    const result = orderCreateBody.safeParse(orderBody(input({ acceptTerms: false })))
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['acceptTerms', 'Please accept the terms and conditions'],
    ])
  })
})

describe('orderBody: what cash on delivery carries of its safeguards', () => {
  it('sends how the advance is paid with its transfer, and the proof of the number, and the contract takes them', () => {
    const transfer = { wallet: 'bkash', transactionId: 'TRX9K2M4', sender: '01811122233' }
    const body = orderBody(input({ advanceBy: 'transfer', transfer, phoneProof: 'v1.proof' }))
    expect(body).toMatchObject({
      paymentMethod: 'cod',
      advanceBy: 'transfer',
      transfer,
      phoneProof: 'v1.proof',
    })
    expect(orderCreateBody.safeParse(body).success).toBe(true)
  })

  it('leaves both out when nothing is asked, and the contract wants the transfer of a transfer advance', () => {
    const body = orderBody(input())
    expect(body).not.toHaveProperty('advanceBy')
    expect(body).not.toHaveProperty('phoneProof')
    const parsed = orderCreateBody.safeParse(orderBody(input({ advanceBy: 'transfer' })))
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['transfer'])
  })
})
