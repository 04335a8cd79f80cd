/** Where text messages go. The default writes an outbox (readable outside production); production uses a gateway. */
export type SmsProvider = {
  readonly name: string
  send(phone: string, text: string): Promise<void>
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SmsDeliveryError'
  }
}
