import { useEffect, useRef } from 'react'
import { track } from '../../lib/track'
import type { CartLine } from '../../state/list-lines'

/** The ad tags' InitiateCheckout: once a checkout shows, with the cart's lines as they are then. */
export function useCheckoutBegun(lines: readonly CartLine[], total: number): void {
  const told = useRef(false)
  useEffect(() => {
    if (told.current || lines.length === 0) return
    told.current = true
    track('InitiateCheckout', {
      items: lines.map((line) => ({
        id: line.sku,
        name: line.title,
        price: line.unit_discounted_price,
        quantity: line.quantity,
      })),
      value: total,
    })
  }, [lines, total])
}
