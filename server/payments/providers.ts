/**
 * How an order is paid. Cash on delivery needs nothing at checkout; a redirect provider (bKash,
 * SSLCommerz) answers with a URL the shopper is sent to, and the order stays `pending_payment`
 * until the provider's confirmation reaches the server through the callback route, which the
 * provider checks (signature, or a validation call to the gateway) before anything changes.
 */
export type PaymentStart = {
  status: 'pending' | 'pending_payment'
  paymentStatus: 'unpaid' | 'pending' | 'to_verify'
}

/**
 * An order waiting for its payment, as a provider needs it: `amount` is what this payment takes, the order's
 * total, or its delivery charge where cash on delivery asks for that in advance.
 */
export type PayableOrder = { id: number; number: string; amount: number; phone: string }
/**
 * Where the request came from: the gateway sends the shopper back to this origin. `fresh`: a payment of its
 * own, never one already open (the link an order lookup gives: someone else may be paying the open one).
 */
export type PaymentContext = { origin: string; fresh?: boolean }

/** A provider's server-to-server message, as the callback route received it. */
export type PaymentCallback = {
  body: unknown
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
}

/** What a genuine confirmation says, once the provider has verified it. */
export type PaymentConfirmation = {
  /** the order number the payment was started for */
  orderNumber: string
  outcome: 'paid' | 'failed'
  /** the amount the gateway took, in taka: a paid confirmation must match the order's total */
  amount: number
  /** the gateway's transaction reference, kept in the order's history */
  reference: string
}

export type PaymentProvider = {
  readonly method: string
  readonly label: string
  /** the order's first state when it is placed with this method */
  initial(): PaymentStart
  /**
   * Where to send the shopper for an order still waiting for payment; null when nothing is to be
   * done. Asked again when the same order request is repeated, so it must be safe to call twice.
   */
  redirectUrl(order: PayableOrder, context: PaymentContext): Promise<string | null>
  /** Verifies a callback; null when it is not genuine. Providers without a callback leave it out. */
  confirm?(callback: PaymentCallback): Promise<PaymentConfirmation | null>
}

/** the gateway that takes the delivery charge cash on delivery asks in advance (the other way is Send Money) */
export const ADVANCE_GATEWAY = 'bkash'

/**
 * Whether the order's money is in as far as it is asked before delivery: all of it, or its advance (or all
 * it cost then, before the shop changed it to cost more).
 */
export const paidAsAsked = (paymentStatus: string) =>
  paymentStatus === 'paid' || paymentStatus === 'advance_paid' || paymentStatus === 'partly_paid'

/** Whether a payment by `method` is one the order waits for: its own method, or the gateway of its advance. */
export const paysFor = (order: { paymentMethod: string; advance: number }, method: string) =>
  order.paymentMethod === method || (order.advance > 0 && method === ADVANCE_GATEWAY)

export const cashOnDelivery: PaymentProvider = {
  method: 'cod',
  label: 'Cash on delivery',
  initial: () => ({ status: 'pending', paymentStatus: 'unpaid' }),
  redirectUrl: async () => null,
}

/**
 * "Send Money" to the shop's own bKash, Nagad or Rocket number: the shopper gives the transaction ID at
 * checkout, and the order waits for the staff to find the money in the wallet (verify or reject).
 */
export const mobileTransfer: PaymentProvider = {
  method: 'transfer',
  label: 'Mobile money transfer',
  initial: () => ({ status: 'pending', paymentStatus: 'to_verify' }),
  redirectUrl: async () => null,
}

const providers = new Map<string, PaymentProvider>([
  [cashOnDelivery.method, cashOnDelivery],
  [mobileTransfer.method, mobileTransfer],
])

export function paymentProvider(method: string): PaymentProvider | undefined {
  return providers.get(method)
}

/** Takes a provider away (its app closed), unless another has taken its place since. */
export function unregisterPaymentProvider(provider: PaymentProvider): void {
  if (providers.get(provider.method) === provider) providers.delete(provider.method)
}

/** Adds a provider (a redirect gateway) at start-up; answers how to take it away again. */
export function registerPaymentProvider(provider: PaymentProvider): () => void {
  providers.set(provider.method, provider)
  return () => {
    if (providers.get(provider.method) === provider) providers.delete(provider.method)
  }
}
