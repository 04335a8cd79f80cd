import { useEffect, useRef, useState } from 'react'
import { type CartLineInput, serverCartItemResponse, serverCartResponse } from '../../contract/cart'
import { productsResponse } from '../../contract/product'
import { apiGet, apiSend } from '../../lib/api'
import { useCurrentUser } from '../auth'
import { addToCart, clearCart, useCart } from '../cart'

const MERGED_KEY = 'haat_cart_merged_user'
const MERGE_ID_KEY = 'haat_cart_merge_id'

type ServerLine = { id: number; quantity: number }

function storage(key: string, value?: string | null): string | null {
  try {
    if (value === null) localStorage.removeItem(key)
    else if (value !== undefined) localStorage.setItem(key, value)
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

/** The id of this device's guest cart merge: the same one on a retry, so the server applies it once. */
function mergeId(): string {
  const stored = storage(MERGE_ID_KEY)
  if (stored) return stored
  return (
    storage(MERGE_ID_KEY, `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`) ??
    'merge-fallback'
  )
}

/** Writes the server's cart into the local cart (sku codes and prices from get-by-ids). */
async function adoptServerCart(items: { productId: number; skuId: number; quantity: number }[]) {
  const ids = [...new Set(items.map((item) => item.productId))]
  const products =
    ids.length === 0
      ? []
      : (
          await apiSend('post', '/product/storefront/get-by-ids', { ids }, productsResponse, {
            query: { perPage: 100 },
          })
        ).data
  const skus = new Map(products.flatMap((p) => p.skus.map((s) => [s.id, { product: p.id, sku: s }] as const)))
  clearCart()
  for (const item of items) {
    const found = skus.get(item.skuId)
    if (!found) continue
    addToCart(
      {
        product_id: found.product,
        sku: found.sku.sku,
        quantity: item.quantity,
        price: found.sku.discountedPrice,
      },
      Math.max(1, found.sku.stockQuantity),
    )
  }
}

/**
 * Keeps the server cart (SPEC §7) in step with the local cart for a logged-in shopper. On the first
 * login on a device the guest cart is merged into the server cart (quantities added, capped at
 * stock, applied once per merge id) and the result becomes the local cart; later changes on this
 * device are mirrored to the server, and a device where the shopper logs in for the first time
 * picks them up.
 */
export function ServerCartSync() {
  const user = useCurrentUser()
  const cart = useCart()
  const server = useRef<Map<number, ServerLine> | null>(null)
  const syncedUser = useRef<number | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const lines = useRef<CartLineInput[]>([])
  lines.current = cart.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity }))
  const linesReady = !cart.loading
  const [ready, setReady] = useState(0)

  useEffect(() => {
    if (!user) {
      syncedUser.current = null
      server.current = null
      return
    }
    if (syncedUser.current === user.id || !linesReady) return
    syncedUser.current = user.id
    const firstHere = storage(MERGED_KEY) !== String(user.id)
    queue.current = queue.current
      .then(async () => {
        if (firstHere) {
          const body = { mergeId: `${user.id}-${mergeId()}`, lines: lines.current }
          const merged = (await apiSend('post', '/cart/merge', body, serverCartResponse)).data
          storage(MERGED_KEY, String(user.id))
          storage(MERGE_ID_KEY, null)
          server.current = new Map(
            merged.map((item) => [item.skuId, { id: item.id, quantity: item.quantity }]),
          )
          await adoptServerCart(merged)
        } else {
          // this device's cart was merged before: it leads, and the mirror below brings the server in step
          const current = (await apiGet('/cart', serverCartResponse)).data
          server.current = new Map(
            current.map((item) => [item.skuId, { id: item.id, quantity: item.quantity }]),
          )
        }
        setReady((n) => n + 1)
      })
      .catch(() => {
        // offline or refused: the local cart stays as it is and the next start tries again
        syncedUser.current = null
      })
  }, [user, linesReady])

  useEffect(() => {
    const known = server.current
    if (ready === 0 || !user || !known || cart.loading) return
    const wanted = new Map(cart.lines.map((line) => [line.skuId, line.quantity]))
    queue.current = queue.current
      .then(async () => {
        for (const [skuId, quantity] of wanted) {
          const current = known.get(skuId)
          if (current?.quantity === quantity) continue
          const item = current
            ? (await apiSend('patch', `/cart/${current.id}`, { quantity }, serverCartItemResponse)).data
            : (await apiSend('post', '/cart', { skuId, quantity }, serverCartItemResponse)).data
          known.set(skuId, { id: item.id, quantity: item.quantity })
        }
        for (const [skuId, line] of [...known]) {
          if (wanted.has(skuId)) continue
          await apiSend('delete', `/cart/${line.id}`, undefined, serverCartResponse)
          known.delete(skuId)
        }
      })
      .catch(() => {
        // a failed mirror is repaired by the merge at the next login
      })
  }, [user, cart.lines, cart.loading, ready])

  return null
}
