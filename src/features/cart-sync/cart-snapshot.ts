import { z } from 'zod/mini'
import type { SyncedLine } from './cart-sync-merge'

/** The server cart as this device last synced it, one key per shopper. */
export const snapshotKey = (userId: number) => `haat_cart_synced_${userId}`

const positiveInt = z.int().check(z.positive())
const snapshotDocument = z.object({
  user_id: positiveInt,
  lines: z
    .array(
      z.object({
        skuId: positiveInt,
        productId: positiveInt,
        sku: z.string().check(z.maxLength(100)),
        quantity: positiveInt,
      }),
    )
    .check(z.maxLength(500)),
})

/** The snapshot, or null when there is none; content that does not match the shape resets the key. */
export function readSnapshot(storage: Storage | undefined, userId: number): SyncedLine[] | null {
  let raw: string | null = null
  try {
    raw = storage?.getItem(snapshotKey(userId)) ?? null
  } catch {
    return null
  }
  if (raw === null) return null
  let parsed: ReturnType<typeof snapshotDocument.safeParse> | null = null
  try {
    parsed = snapshotDocument.safeParse(JSON.parse(raw))
  } catch {
    parsed = null
  }
  if (parsed?.success && parsed.data.user_id === userId) return parsed.data.lines
  try {
    storage?.removeItem(snapshotKey(userId))
  } catch {
    // storage refused: the next read meets the same content and is reset again
  }
  return null
}

export function writeSnapshot(storage: Storage | undefined, userId: number, lines: readonly SyncedLine[]) {
  try {
    storage?.setItem(snapshotKey(userId), JSON.stringify({ user_id: userId, lines }))
  } catch {
    // quota or disabled storage: the next sync runs without a base and keeps every line of both sides
  }
}
