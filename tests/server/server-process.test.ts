import type { ChildProcess } from 'node:child_process'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../../src/contract/common'
import { eventually } from './fault-support'
import { type ServerProcess, startServerProcess } from './process-support'

// The server as `npm start` runs it (its entry point, with none of the tests' settings): production
// defaults, one-time codes on the console and nowhere else, and a stop on SIGTERM that lets the requests in
// flight finish.

let started: ServerProcess
let server: ChildProcess
let origin = ''
let exited: Promise<number | null>
const output = () => started.output()

beforeAll(async () => {
  started = await startServerProcess()
  ;({ child: server, origin, exited } = started)
}, 120_000)
afterAll(() => started?.dispose())

const headers = { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' }

describe('the server started with no settings', () => {
  it('has no outbox of one-time codes, and prints a code on its console', async () => {
    const outbox = await fetch(`${origin}/api/v1/dev/sms-outbox?phone=01311000077`, { headers })
    expect(outbox.status).toBe(404)
    const sent = await fetch(`${origin}/api/v1/auth/customer/send-otp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: '01311000077', type: 'login' }),
    })
    expect(sent.status).toBe(200)
    expect(JSON.stringify(await sent.json())).not.toMatch(/\b\d{6}\b/)
    expect(output()).toMatch(/\[sms to 01311000077\] Haat: \d{6} is your code to log in\./)
  })

  it('on SIGTERM stops taking connections, finishes the request in flight and exits 0', async () => {
    const { port } = new URL(origin)
    const body = JSON.stringify({ phone: '01311000078', password: 'not-the-password' })
    const socket = net.connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let answer = ''
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString()
    })
    // the request is under way: its headers and half its body are in
    socket.write(
      `POST /api/v1/auth/customer/login HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${DEMO_API_KEY}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )
    const closed = new Promise((resolve) => socket.once('close', resolve))
    // the server has read the request's headers when it logs the request
    await eventually(async () => /"url":"\/api\/v1\/auth\/customer\/login"/.test(output()), 10_000)
    server.kill('SIGTERM')

    const healthz = () =>
      fetch(`${origin}/healthz`).then(
        (response) => `answered ${response.status}`,
        (error: Error) => (error.cause as { code?: string } | undefined)?.code ?? error.message,
      )
    await eventually(async () => (await healthz()) === 'ECONNREFUSED', 10_000)

    socket.write(body.slice(10))
    const code = await exited
    await closed
    expect(answer).toMatch(/^HTTP\/1\.1 401 /)
    expect(answer).toContain('The mobile number or password is not correct')
    expect(code).toBe(0)
  })
})
