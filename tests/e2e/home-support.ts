import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect } from '@playwright/test'

/**
 * Both projects share one database and one home page: the home page's flash deal is set by one test at a
 * time (a lock in the run's data folder) and given back as it was right after the check.
 */
const lockDir = join(process.env.E2E_DATA_DIR ?? `.tmp/e2e-${process.env.E2E_PORT ?? 4300}`, 'home-page-lock')

export async function withHomeLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(join(lockDir, '..'), { recursive: true })
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lockDir)
      break
    } catch {
      if (waited > 30_000) throw new Error('the home page lock was never released')
      await new Promise((done) => setTimeout(done, 200))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}

export type HomeSections = { version: string | null; sections: { type: string; slug: string }[] }

export async function homeSections(api: APIRequestContext): Promise<HomeSections> {
  const answer = await api.get('/api/v1/admin/home')
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { data: HomeSections }).data
}

export async function saveHome(api: APIRequestContext, sections: HomeSections['sections']) {
  const { version } = await homeSections(api)
  const saved = await api.put('/api/v1/admin/home', { data: { version, sections } })
  expect(saved.status(), await saved.text()).toBe(200)
}
