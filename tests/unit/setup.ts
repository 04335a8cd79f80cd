// Files that need a browser say so in their first line (`// @vitest-environment happy-dom`); the rest run in
// Node, which starts each file several times faster. happy-dom has no IndexedDB: the persisted query cache and
// idb-keyval need one.
import 'fake-indexeddb/auto'
import { afterEach } from 'vitest'

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })
}
