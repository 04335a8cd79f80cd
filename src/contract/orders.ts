import { z } from 'zod'
import { addressInput, bdPhone, deliveryZone } from './addresses'
import { cartLineInput, totals } from './cart'

/** the methods the shop offers; an order may name any method the server has a provider for */
export const paymentMethods = ['cod'] as const
export const orderStatuses = [
  'pending_payment',
  'pending',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const IDEMPOTENCY_HEADER = 'idempotency-key'

export const orderCreateBody = z
  .object({
    lines: z.array(cartLineInput).min(1, 'Your cart is empty').max(100),
    customer: z
      .object({
        name: z.string().trim().min(2, 'Enter your name').max(100),
        phone: bdPhone,
        email: z.union([z.email('Enter a valid email'), z.literal('')]).optional(),
      })
      .strict(),
    /** a new address, or the id of one of the shopper's saved addresses */
    address: addressInput.optional(),
    addressId: z.number().int().positive().max(2_147_483_647).optional(),
    coupon: z.string().trim().max(40).optional(),
    notes: z.string().trim().max(500).default(''),
    paymentMethod: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{1,29}$/, 'This payment method is not available')
      .default('cod'),
    acceptTerms: z.literal(true, 'Please accept the terms and conditions'),
  })
  .strict()
  .refine((body) => body.address || body.addressId, {
    message: 'Enter the delivery address',
    path: ['address'],
  })
export type OrderCreateBody = z.input<typeof orderCreateBody>

export const orderAddress = z.object({
  name: z.string(),
  phone: z.string(),
  division: z.string(),
  district: z.string(),
  area: z.string(),
  street: z.string(),
  landmark: z.string(),
})
export type OrderAddress = z.infer<typeof orderAddress>

export const orderLine = z.object({
  productId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  image: z.string().nullable(),
  unitPrice: z.number(),
  unitDiscountedPrice: z.number(),
  quantity: z.number().int(),
  vat: z.number(),
  lineTotal: z.number(),
})

export const orderHistoryEntry = z.object({ status: z.string(), note: z.string(), createdAt: z.string() })

export const order = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(orderStatuses),
  paymentMethod: z.string(),
  paymentStatus: z.enum(['unpaid', 'pending', 'paid', 'failed']),
  customerName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: orderAddress,
  zone: deliveryZone,
  deliveryEstimate: z.string(),
  notes: z.string(),
  totals,
  lines: z.array(orderLine),
  history: z.array(orderHistoryEntry),
  createdAt: z.string(),
  /** where a redirect payment provider wants the shopper to go; null for cash on delivery */
  paymentRedirectUrl: z.string().nullable(),
})
export type Order = z.infer<typeof order>

export const orderResponse = z.object({ data: order })

export const orderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(orderStatuses),
  total: z.number(),
  itemCount: z.number().int(),
  createdAt: z.string(),
})
export type OrderSummary = z.infer<typeof orderSummary>
export const ordersResponse = z.object({ data: z.array(orderSummary) })

export const orderLookupBody = z.object({ number: z.string().trim().min(3).max(40), phone: bdPhone }).strict()

export const couponCheckBody = z
  .object({
    code: z.string().trim().min(1, 'Enter a coupon code').max(40),
    subtotal: z.number().nonnegative(),
  })
  .strict()
export const couponCheckResponse = z.object({
  data: z.object({ code: z.string(), discount: z.number(), description: z.string() }),
})

export const rewardPointsResponse = z.object({
  data: z.object({ points: z.number().int(), deliveredTotal: z.number(), deliveredOrders: z.number().int() }),
})
