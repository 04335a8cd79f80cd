/**
 * How an order is paid. Cash on delivery needs nothing at checkout; a redirect provider (bKash,
 * SSLCommerz) answers with a URL the shopper is sent to, and the order stays `pending_payment`
 * until the provider's confirmation reaches the server.
 */
export type PaymentStart = {
  status: 'pending' | 'pending_payment'
  paymentStatus: 'unpaid' | 'pending'
}

export type PaymentProvider = {
  readonly method: string
  readonly label: string
  /** the order's first state when it is placed with this method */
  initial(): PaymentStart
  /** where to send the shopper after the order is stored; null when nothing is to be done now */
  redirectUrl(order: { id: number; number: string; total: number }): Promise<string | null>
}

export const cashOnDelivery: PaymentProvider = {
  method: 'cod',
  label: 'Cash on delivery',
  initial: () => ({ status: 'pending', paymentStatus: 'unpaid' }),
  redirectUrl: async () => null,
}

const providers = new Map<string, PaymentProvider>([[cashOnDelivery.method, cashOnDelivery]])

export function paymentProvider(method: string): PaymentProvider | undefined {
  return providers.get(method)
}

/** Adds a provider (a redirect gateway) at start-up. */
export function registerPaymentProvider(provider: PaymentProvider) {
  providers.set(provider.method, provider)
}
