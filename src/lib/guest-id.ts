/** storefront §3: a first-time visitor gets a guest id, kept in its own key. */
export const GUEST_ID_KEY = 'haat_guest_id'

/** The current time plus a random whole number below 100. */
export function newGuestId(now: number = Date.now(), random: number = Math.random()): number {
  return now + Math.floor(random * 100)
}

/** A stored guest id is usable only when it is a positive whole number written in digits. */
export function parseGuestId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

let memoryId: number | null = null

/** Reads the stored guest id, creating (and storing) one the first time or when the stored value is unusable. */
export function getGuestId(storage: Storage | undefined = safeLocalStorage()): number {
  let stored: number | null = null
  try {
    stored = parseGuestId(storage?.getItem(GUEST_ID_KEY) ?? null)
  } catch {
    stored = null
  }
  if (stored !== null) return stored
  const id = newGuestId()
  try {
    if (storage) {
      storage.setItem(GUEST_ID_KEY, String(id))
      return id
    }
  } catch {
    // storage full or disabled: the id lives in memory for this visit
  }
  memoryId ??= id
  return memoryId
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}
