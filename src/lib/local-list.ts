import { z } from 'zod/mini'
import { getGuestId, safeLocalStorage } from './guest-id'

/**
 * A small list of products kept in localStorage under one key (storefront §3: the local cart and the local
 * wish list): `{ user_id, items: [{ product_id, sku, quantity, price }] }`. Content that does not match
 * the shape resets the key. Other tabs see changes through the `storage` event.
 */
export const listItem = z.object({
  product_id: z.int().check(z.positive()),
  /** the sku code; empty when a wish list entry was saved from a card that knows no sku */
  sku: z.string().check(z.maxLength(100)),
  quantity: z.int().check(z.positive()),
  price: z.number().check(z.nonnegative()),
})
export type ListItem = z.infer<typeof listItem>

export const listDocument = z.object({
  user_id: z.int().check(z.nonnegative()),
  items: z.array(listItem).check(z.maxLength(500)),
})
export type ListDocument = z.infer<typeof listDocument>

type Listener = () => void

export type LocalList = {
  readonly key: string
  /** the current document; the same object until the stored text changes */
  read(): ListDocument
  subscribe(listener: Listener): () => void
  /** replaces the items (the owner stays); writes storage and tells every subscriber */
  update(change: (items: readonly ListItem[]) => ListItem[]): void
  clear(): void
}

let owner: number | null = null
const lists = new Set<LocalListStore>()

/** The owner written into every list: the signed-in user's id, else the guest id. */
export function currentListOwner(): number {
  owner ??= getGuestId()
  return owner
}

/**
 * Moves every local list to a new owner, keeping its items: the signed-in user's id on login,
 * `null` for the guest again.
 */
export function setListOwner(userId: number | null) {
  owner = userId ?? getGuestId()
  for (const list of lists) list.update((items) => [...items])
}

class LocalListStore implements LocalList {
  private listeners = new Set<Listener>()
  private raw: string | null | undefined = undefined
  private doc: ListDocument = { user_id: 0, items: [] }
  private memory: string | null = null

  constructor(
    readonly key: string,
    private readonly storage: () => Storage | undefined,
  ) {}

  private getRaw(): string | null {
    try {
      const storage = this.storage()
      return storage ? storage.getItem(this.key) : this.memory
    } catch {
      return this.memory
    }
  }

  private setRaw(text: string) {
    this.memory = text
    try {
      this.storage()?.setItem(this.key, text)
    } catch {
      // quota or disabled storage: the list lives in memory for this visit
    }
  }

  read = (): ListDocument => {
    const raw = this.getRaw()
    if (raw === this.raw) return this.doc
    this.raw = raw
    this.doc = parseDocument(raw) ?? this.reset(raw)
    return this.doc
  }

  private reset(raw: string | null): ListDocument {
    const doc: ListDocument = { user_id: currentListOwner(), items: [] }
    if (raw !== null) {
      const text = JSON.stringify(doc)
      this.setRaw(text)
      this.raw = text
    }
    return doc
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener)
    const onStorage = (event: StorageEvent) => {
      if (event.key === this.key || event.key === null) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      this.listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  }

  update = (change: (items: readonly ListItem[]) => ListItem[]) => {
    const doc: ListDocument = { user_id: currentListOwner(), items: change(this.read().items) }
    this.setRaw(JSON.stringify(doc))
    this.emit()
  }

  clear = () => this.update(() => [])

  private emit() {
    for (const listener of this.listeners) listener()
  }
}

function parseDocument(raw: string | null): ListDocument | null {
  if (raw === null) return null
  try {
    const parsed = listDocument.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function createLocalList(
  key: string,
  storage: () => Storage | undefined = safeLocalStorage,
): LocalList {
  const list = new LocalListStore(key, storage)
  lists.add(list)
  return list
}
