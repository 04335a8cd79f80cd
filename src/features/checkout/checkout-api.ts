import { IDEMPOTENCY_HEADER, type OrderCreateBody, orderResponse } from '../../contract/orders'
import { apiSend } from '../../lib/api'

export async function placeOrder(body: OrderCreateBody, idempotencyKey: string) {
  return (
    await apiSend('post', '/orders', body, orderResponse, {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
  ).data
}
