import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../../src/contract/common'
import { type ServerProcess, startServerProcess } from './process-support'

// `npm start` on a new shop: no built-in owner; the console gives a one-time link to make the first one.

const dataDir = mkdtempSync(join(tmpdir(), 'haat-first-owner-'))
let running: ServerProcess | undefined
afterAll(() => {
  running?.dispose()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Starts the server on the shop's one data folder, the previous start stopped first. */
async function start(): Promise<ServerProcess> {
  if (running) {
    running.child.kill('SIGTERM')
    await running.exited
  }
  running = await startServerProcess({ DATA_DIR: dataDir })
  return running
}

const LINK = /^ {2}(http:\/\/\S+)\/admin\/setup\?owner=([\w-]{43})$/m
function linkIn(server: ServerProcess) {
  const found = LINK.exec(server.output())
  return found ? { origin: found[1], token: found[2] ?? '' } : null
}

const makeOwner = (server: ServerProcess, token: string, phone: string) =>
  fetch(`${server.origin}/api/v1/admin/auth/first-owner`, {
    method: 'POST',
    headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ token, phone, firstName: 'Shop', password: 'first-owner-pass' }),
  })

describe('the first start of a shop', () => {
  it('prints a one-time link for the first owner at each start until one exists, then none', async () => {
    const first = await start()
    const firstLink = linkIn(first)
    expect(firstLink?.origin).toBe(first.origin)
    expect(first.output()).toMatch(/The shop has no owner yet/)
    // npm start is production: with no PUBLIC_URL it says what invitations need
    expect(first.output()).toMatch(/Set PUBLIC_URL to the shop's address/)
    // nobody to sign in as: the demo's old owner and password are gone
    const demo = await fetch(`${first.origin}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json', origin: first.origin },
      body: JSON.stringify({ phone: '01799000000', password: 'haat-owner-demo' }),
    })
    expect(demo.status).toBe(401)

    const second = await start()
    const secondLink = linkIn(second)
    expect(secondLink?.token).toBeTruthy()
    expect(secondLink?.token).not.toBe(firstLink?.token)

    const made = await makeOwner(second, secondLink?.token ?? '', '01760000101')
    expect(made.status).toBe(200)
    expect(await made.json()).toEqual({ data: { phone: '01760000101' } })
    for (const token of [secondLink?.token, firstLink?.token]) {
      const again = await makeOwner(second, token ?? '', '01760000102')
      expect(again.status).toBe(400)
      expect(Object.keys(((await again.json()) as { error: object }).error)).toEqual(['token'])
    }

    const third = await start()
    expect(linkIn(third)).toBeNull()
    expect(third.output()).not.toMatch(/no owner yet/)
  }, 240_000)
})
