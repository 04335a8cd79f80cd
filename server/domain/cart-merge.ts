export type CartQuantity = { skuId: number; quantity: number }

/**
 * Merge rule on login: for every sku in either cart the quantities are added, then capped at the
 * sku's stock (a sku with no stock keeps at least 1 so the shopper still sees it, marked out of
 * stock; unknown skus are dropped). The caller applies a merge only once per merge id, so sending
 * the same local cart again changes nothing.
 */
export function mergeCarts(
  server: CartQuantity[],
  local: CartQuantity[],
  stock: Map<number, number>,
): CartQuantity[] {
  const sums = new Map<number, number>()
  for (const line of [...server, ...local]) {
    sums.set(line.skuId, (sums.get(line.skuId) ?? 0) + line.quantity)
  }
  const merged: CartQuantity[] = []
  for (const [skuId, quantity] of sums) {
    const available = stock.get(skuId)
    if (available === undefined) continue
    merged.push({ skuId, quantity: Math.max(1, Math.min(quantity, available)) })
  }
  return merged.sort((a, b) => a.skuId - b.skuId)
}
