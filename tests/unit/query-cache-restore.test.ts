import { dehydrate, QueryClient } from '@tanstack/react-query'
import { clear, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// every test starts a fresh app: the query client and its restore are module-level singletons
const freshClient = async () => {
  vi.resetModules()
  return import('../../src/lib/query-client')
}
const options = { buster: 'build-1', maxAge: 60_000 }
const menuKey = ['menus', 'main_menu']

/** A previous visit: its cache (a menu) saved in IndexedDB the way the app saves it. */
async function visitBefore() {
  const earlier = new QueryClient()
  earlier.setQueryData(menuKey, { menu: ['saved'] })
  const saved = { buster: options.buster, timestamp: Date.now(), clientState: dehydrate(earlier) }
  await set('haat-query-cache', JSON.stringify(saved))
  localStorage.setItem('haat-query-cache-saved', '1')
}

beforeEach(async () => {
  await clear()
})
afterEach(() => {
  vi.resetModules()
})

describe('restoring the saved query cache', () => {
  it('a first visit does not wait for IndexedDB: reads go ahead at once', async () => {
    const { restoreQueryCache, isCacheRestored } = await freshClient()
    void restoreQueryCache(options)
    expect(isCacheRestored()).toBe(true)
  })

  it('marks the device as having a saved cache once something is saved, and unmarks it when removed', async () => {
    const { idbStorage } = await freshClient()
    await idbStorage.setItem('haat-query-cache', '{}')
    expect(localStorage.getItem('haat-query-cache-saved')).toBe('1')
    await idbStorage.removeItem('haat-query-cache')
    expect(localStorage.getItem('haat-query-cache-saved')).toBeNull()
  })

  it('a returning visit answers route loaders from the saved cache, not the network', async () => {
    await visitBefore()
    const { restoreQueryCache, isCacheRestored, queryClient } = await freshClient()
    void restoreQueryCache(options)
    expect(isCacheRestored()).toBe(false)
    const fromNetwork = vi.fn(async () => ({ menu: ['network'] }))
    // a loader asks before the read has finished
    const data = await queryClient.ensureQueryData({ queryKey: menuKey, queryFn: fromNetwork })
    expect(data).toEqual({ menu: ['saved'] })
    expect(fromNetwork).not.toHaveBeenCalled()
    expect(isCacheRestored()).toBe(true)
  })
})
