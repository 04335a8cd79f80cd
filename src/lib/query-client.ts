import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { del, get, set } from 'idb-keyval'
import toast from 'react-hot-toast'
import { ApiRequestError, FALLBACK_ERROR } from './api'

export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000
export const PERSIST_KEY = 'haat-query-cache'

type ErrorMeta = { errorMessage?: string; silent?: boolean } | undefined

/** SPEC §8: each server message as an error toast, else the supplied fallback or the generic text. */
export function errorMessages(error: unknown, fallback?: string): string[] {
  if (error instanceof ApiRequestError && error.messages.length) return error.messages
  return [fallback ?? FALLBACK_ERROR]
}

export function toastError(error: unknown, meta?: ErrorMeta) {
  if (meta?.silent) return
  if (error instanceof DOMException && error.name === 'AbortError') return
  // unreachable network: the offline banner and the page's offline state say so; a toast would only repeat it
  if (error instanceof ApiRequestError && error.offline) return
  for (const message of errorMessages(error, meta?.errorMessage)) toast.error(message, { id: message })
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // a failed background refresh of data already on screen stays quiet
      if (query.state.data !== undefined) return
      if (error instanceof ApiRequestError && error.status === 404) return
      toastError(error, query.meta as ErrorMeta)
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => toastError(error, mutation.meta as ErrorMeta),
  }),
  defaultOptions: {
    queries: {
      networkMode: 'offlineFirst',
      gcTime: PERSIST_MAX_AGE,
      staleTime: 60_000,
      retry: (count, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
        // offline, a retry would pause until reconnect and leave a never-seen page loading forever
        !(error instanceof ApiRequestError && error.offline && !navigator.onLine) &&
        count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'offlineFirst' },
  },
})

/**
 * IndexedDB storage for the persisted cache. A storage failure never breaks the app: content
 * that is not what was written (corrupt, foreign, unreadable) is discarded and the app starts empty.
 */
export const idbStorage = {
  async getItem(key: string): Promise<string | null> {
    try {
      const value = await get<unknown>(key)
      if (value === undefined || value === null) return null
      if (typeof value === 'string') return value
      await del(key)
      return null
    } catch {
      await del(key).catch(() => undefined)
      return null
    }
  },
  async setItem(key: string, value: string): Promise<void> {
    await set(key, value).catch(() => undefined)
  },
  async removeItem(key: string): Promise<void> {
    await del(key).catch(() => undefined)
  },
}

/** Parses what was stored; anything unreadable counts as no cache at all. */
export function readPersisted(text: string) {
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && 'clientState' in parsed) return parsed
  } catch {
    // fall through: corrupt content is discarded
  }
  return { buster: 'discarded', timestamp: 0, clientState: { queries: [], mutations: [] } }
}

export const persister = createAsyncStoragePersister({
  storage: idbStorage,
  key: PERSIST_KEY,
  throttleTime: 1000,
  deserialize: (text) => readPersisted(text) as ReturnType<typeof JSON.parse>,
})
