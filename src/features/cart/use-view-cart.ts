import { useEffect, useRef } from 'react'
import type { LinesState } from '../../state/use-list-lines'
import { pushViewCart } from './analytics'

/**
 * storefront §7: one view_cart event each time the cart becomes visible (drawer opened, cart page shown),
 * pushed once its lines are known.
 */
export function useViewCartEvent(
  visible: boolean,
  cart: Pick<LinesState, 'lines' | 'total' | 'loading' | 'error'>,
) {
  const viewed = useRef(false)
  const { lines, total, loading, error } = cart
  useEffect(() => {
    if (!visible) {
      viewed.current = false
      return
    }
    if (viewed.current || loading || error) return
    viewed.current = true
    pushViewCart(lines, total)
  }, [visible, loading, error, lines, total])
}
