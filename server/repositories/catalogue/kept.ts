/**
 * A value kept for `ttl`; after that the old value is still answered while a fresh one loads
 * (up to `maxAge`), so no request waits for a reload.
 */
export function staleWhileRevalidate<T>(ttl: number, maxAge: number, load: () => Promise<T>) {
  let entry: { at: number; value: Promise<T>; refreshing: boolean } | null = null
  function reload(): Promise<T> {
    const value = load()
    value.then(
      () => {
        entry = { at: Date.now(), value, refreshing: false }
      },
      () => {
        if (entry?.value === value) entry = null
        else if (entry) entry.refreshing = false
      },
    )
    return value
  }
  return {
    get(): Promise<T> {
      const age = entry ? Date.now() - entry.at : Number.POSITIVE_INFINITY
      if (!entry || age > maxAge) {
        const value = reload()
        entry = { at: Date.now(), value, refreshing: true }
        return value
      }
      if (age > ttl && !entry.refreshing) {
        entry.refreshing = true
        reload()
      }
      return entry.value
    },
  }
}

export type Kept<T> = ReturnType<typeof staleWhileRevalidate<T>>
