import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Starts a check or an import from the import page, once the one another journey is running has ended: the
 * shop runs one import at a time and answers 409 meanwhile ("An import is running"). Journeys that import
 * share the run's database, so each waits its turn rather than failing. When the shop took it (for timings).
 */
export async function startImportInTurn(page: Page, button: Locator): Promise<number> {
  let started = 0
  await expect(async () => {
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/v1\/admin\/imports\?dryRun=/.test(response.url()),
    )
    await button.click()
    expect((await answer).status()).toBe(202)
    started = performance.now()
  }).toPass({ intervals: [1_000, 2_000, 3_000], timeout: 240_000 })
  return started
}
