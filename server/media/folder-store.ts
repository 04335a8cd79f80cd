import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { assertMediaKey, contentTypeOf, type MediaStore } from './store'

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Media in a folder on this machine's disk. A file is written under a temporary name in its own folder
 * and renamed into place, which the file system does at once: a reader never sees half a file.
 */
export function folderStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    assertMediaKey(key)
    return join(root, ...key.split('/'))
  }
  return {
    kind: 'folder',
    async put(key, data) {
      const target = pathOf(key)
      await mkdir(dirname(target), { recursive: true })
      const temporary = join(dirname(target), `.${randomUUID()}.part`)
      try {
        await writeFile(temporary, data, { flag: 'wx' })
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async get(key) {
      const path = pathOf(key)
      try {
        const info = await stat(path)
        if (!info.isFile()) return null
        return {
          body: createReadStream(path),
          bytes: info.size,
          contentType: contentTypeOf(key),
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        }
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async keys(prefix = '') {
      const found = new Set<string>()
      let entries: string[]
      try {
        entries = await readdir(prefix ? join(root, ...prefix.split('/').filter(Boolean)) : root, {
          recursive: true,
        })
      } catch (error) {
        if (missing(error)) return found
        throw error
      }
      const base = prefix.replace(/\/+$/, '')
      for (const entry of entries) {
        const key = [base, relative('.', entry).split(sep).join('/')].filter(Boolean).join('/')
        if (!key.split('/').some((part) => part.startsWith('.')) && /\.[a-z]+$/.test(key)) found.add(key)
      }
      return found
    },
    async close() {},
  }
}
