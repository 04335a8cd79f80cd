import { useCallback, useRef } from 'react'
import { bdPhone } from '../../contract/addresses'
import { cartLeftAnswer } from '../../contract/cart'
import { apiSend } from '../../lib/api'
import { currentLanguage } from '../../lib/language'
import type { CartLine } from '../../state/list-lines'

/**
 * A guest who typed a valid mobile number at checkout "gave their number": the number and the cart's lines go to
 * the server when the field is left (docs/carts-left-behind.md), so that a cart left behind can be reminded of
 * once. The same number and lines are sent once; a failure is quiet (the checkout goes on whatever happens).
 */
export function useCartLeft(lines: readonly CartLine[]): (phone: string) => void {
  const sent = useRef('')
  return useCallback(
    (typed: string) => {
      const phone = bdPhone.safeParse(typed)
      if (!phone.success || lines.length === 0) return
      const body = {
        phone: phone.data,
        lines: lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
        language: currentLanguage(),
      }
      const signature = JSON.stringify(body)
      if (signature === sent.current) return
      sent.current = signature
      apiSend('post', '/carts-left', body, cartLeftAnswer).catch(() => {
        sent.current = ''
      })
    },
    [lines],
  )
}
