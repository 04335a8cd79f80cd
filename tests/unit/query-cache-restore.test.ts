// @vitest-environment happy-dom
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { clear, get, set } from 'idb-keyval'
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

  it('says when the newest change is written to IndexedDB, for whatever waits before going offline', async () => {
    const root = document.documentElement
    delete root.dataset.cache
    const { restoreQueryCache, queryClient } = await freshClient()
    void restoreQueryCache(options)
    await vi.waitFor(() => expect(root.dataset.cache).toBe('saved'))
    // every state the page shows, and what IndexedDB held whenever it said "saved"
    const shown: string[] = []
    const heldWhenSaved: Promise<string | undefined>[] = []
    const watcher = new MutationObserver((records) => {
      // the states between two calls are the records' old values; the last is the attribute now
      for (const record of records.slice(1)) shown.push(record.oldValue ?? '')
      const state = root.dataset.cache ?? ''
      shown.push(state)
      if (state === 'saved') heldWhenSaved.push(get<string>('haat-query-cache'))
    })
    watcher.observe(root, { attributes: true, attributeFilter: ['data-cache'], attributeOldValue: true })
    queryClient.setQueryData(menuKey, { menu: ['first'] })
    queryClient.setQueryData(menuKey, { menu: ['second'] })
    await vi.waitFor(() => expect(shown).toContain('saving'))
    queryClient.setQueryData(menuKey, { menu: ['newest'] })
    await vi.waitFor(() => expect(shown.at(-1)).toBe('saved'), { timeout: 5_000 })
    watcher.disconnect()
    const held = await Promise.all(heldWhenSaved)
    expect(held.at(-1)).toContain('newest')
  })
})
