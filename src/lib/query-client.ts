import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import {
  type DefaultError,
  type EnsureQueryDataOptions,
  type FetchQueryOptions,
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryExecuteOptions,
  type QueryKey,
} from '@tanstack/react-query'
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { t } from '../i18n'
import { ApiRequestError, isSlowError } from './api'
import { SAVED_CACHE_MARK } from './early-requests'
import { safeLocalStorage } from './guest-id'
import { toast } from './toast'

export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000
export const PERSIST_KEY = 'haat-query-cache'

function markSaved(saved: boolean) {
  try {
    if (saved) safeLocalStorage()?.setItem(SAVED_CACHE_MARK, '1')
    else safeLocalStorage()?.removeItem(SAVED_CACHE_MARK)
  } catch {
    // storage refused: the next start waits for IndexedDB, as it would anyway
  }
}

function hasSavedCache(): boolean {
  try {
    return safeLocalStorage()?.getItem(SAVED_CACHE_MARK) !== null
  } catch {
    return true
  }
}

type ErrorMeta = { errorMessage?: string; silent?: boolean } | undefined

/** storefront §8: each server message as an error toast, else the supplied fallback or the generic text. */
export function errorMessages(error: unknown, fallback?: string): string[] {
  if (error instanceof ApiRequestError && error.messages.length) return error.messages
  if (isSlowError(error)) return [error.message]
  return [fallback ?? t('common.failed')]
}

export function toastError(error: unknown, meta?: ErrorMeta) {
  if (meta?.silent) return
  if (error instanceof DOMException && error.name === 'AbortError') return
  // unreachable network: the offline banner and the page's offline state say so; a toast would only repeat it
  if (error instanceof ApiRequestError && error.offline) return
  for (const message of errorMessages(error, meta?.errorMessage)) toast.error(message, { id: message })
}

let restoring: Promise<void> | null = null
let restored = false

/** Resolves once the persisted cache is back from IndexedDB (at once when none is being restored). */
export function cacheRestored(): Promise<void> {
  return restoring ?? Promise.resolve()
}

/** Whether the persisted cache is back already (or none is being restored). */
export function isCacheRestored(): boolean {
  return restoring === null || restored
}

/**
 * The app's client. Its imperative reads (route loaders' `ensureQueryData` and `prefetchQuery`, any
 * `fetchQuery`) first wait for the persisted cache, so the shell renders at once while a reload, offline
 * too, still answers from what this device has seen instead of asking the network. Hooks wait on their
 * own: `useIsRestoring` is true until then.
 */
class PersistedQueryClient extends QueryClient {
  override async ensureQueryData<
    TQueryFnData,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
  >(options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<TData> {
    await cacheRestored()
    return super.ensureQueryData(options)
  }

  override async fetchQuery<
    TQueryFnData,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>): Promise<TData> {
    await cacheRestored()
    return super.fetchQuery(options)
  }

  override async query<
    TQueryFnData,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>,
  ): Promise<TData> {
    await cacheRestored()
    return super.query(options)
  }
}

export const queryClient: QueryClient = new PersistedQueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // a failed background refresh of data already on screen stays quiet
      if (query.state.data !== undefined) return
      if (error instanceof ApiRequestError && error.status === 404) return
      // a read that did not come back in time: the slow-connection banner and the page's own state say so
      if (isSlowError(error)) return
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
        // too slow: the page shows what it has at once; reads run again when the link answers (reconnect.ts)
        !isSlowError(error) &&
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
    await set(key, value).then(
      () => markSaved(true),
      () => undefined,
    )
  },
  async removeItem(key: string): Promise<void> {
    markSaved(false)
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

/**
 * Whether the newest cache change is in IndexedDB yet, as `<html data-cache="saving|saved">`: what an
 * offline test waits for before it takes the network away. Writes are throttled, so several changes are
 * written at once; a change counts as saved once a later or the same snapshot is written.
 */
let changes = 0
/** the change the write under way holds */
let writing = 0
const snapshots = new WeakMap<object, number>()
const showSaved = (saved: number) => {
  document.documentElement.dataset.cache = saved === changes ? 'saved' : 'saving'
}

const throttledPersister = createAsyncStoragePersister({
  storage: {
    getItem: idbStorage.getItem,
    removeItem: idbStorage.removeItem,
    setItem: async (key: string, text: string) => {
      const saved = writing
      await idbStorage.setItem(key, text)
      showSaved(saved)
    },
  },
  key: PERSIST_KEY,
  throttleTime: 1000,
  serialize: (client) => {
    writing = snapshots.get(client) ?? 0
    return JSON.stringify(client)
  },
  deserialize: (text) => readPersisted(text) as ReturnType<typeof JSON.parse>,
})
export const persister: typeof throttledPersister = {
  ...throttledPersister,
  persistClient(client) {
    snapshots.set(client, ++changes)
    showSaved(-1)
    return throttledPersister.persistClient(client)
  },
}

/**
 * Brings the persisted cache back from IndexedDB, then saves every later change. Started once, before
 * the first render, so the read runs while the shell renders. A cache that cannot be read is dropped:
 * the app starts empty and saves afresh.
 */
export function restoreQueryCache(options: Omit<PersistQueryClientOptions, 'queryClient' | 'persister'>) {
  if (restoring) return restoring
  const persistOptions = { ...options, queryClient, persister }
  const read = persistQueryClientRestore(persistOptions)
    .catch(() => undefined)
    .then(() => {
      persistQueryClientSubscribe(persistOptions)
      // what a first visit loaded while IndexedDB was being read is saved now, not at the next change
      if (queryClient.getQueryCache().getAll().length > 0) void persistQueryClientSave(persistOptions)
      showSaved(changes)
    })
  if (hasSavedCache()) {
    restoring = read.then(() => {
      restored = true
    })
  } else {
    // nothing saved yet (a first visit): reads go ahead at once; whatever the restore still finds is older
    restoring = Promise.resolve()
    restored = true
  }
  return restoring
}
