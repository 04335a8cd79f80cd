import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A push service (RFC 8030) on loopback, as a browser's vendor runs one: `POST /push/<id>` takes a push for the
// subscription `<id>` when its VAPID authorisation holds (RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, an
// ES256 JWT signed by that key, `aud` the endpoint's origin, `exp` within 24 hours, a `sub` contact) and its
// body is an RFC 8291 `aes128gcm` message that opens with the subscription's private key and auth secret,
// which the test made as a browser makes them. It answers 201 with a Location, 400/401/403 for a push it
// refuses (with why), 404 for an endpoint it never gave out, or whatever the test told it to answer next.

const DAY_S = 24 * 60 * 60

/** A browser's side of a subscription: its P-256 key pair and auth secret, as `pushManager.subscribe` makes them. */
export type FakeBrowser = {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
  ecdh: ECDH
  authSecret: Buffer
}

export type ReceivedPush = {
  subscription: string
  /** the decrypted payload, as text */
  text: string
  claims: { aud: string; exp: number; sub: string }
  /** the VAPID public key the push was signed with (`k`) */
  signedBy: string
  ttl: number
  at: number
}

export type FakePushService = {
  origin: string
  /** a new subscription: its endpoint and keys, as the browser would give them to the app */
  subscribe(): FakeBrowser
  /** the next answers for this subscription's pushes (in order), before it takes them again */
  answerNext(subscription: FakeBrowser, ...statuses: number[]): void
  received: ReceivedPush[]
  /** pushes refused, and why */
  refused: string[]
  /** resolves with the next push taken */
  nextPush(): Promise<ReceivedPush>
  close(): Promise<void>
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** RFC 8292 §2, §3: the JWT is ES256 over `header.claims`, by the key in `k`, for this origin, for at most a day. */
export function checkVapid(authorization: string | undefined, origin: string, nowS: number) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '')
  if (!match?.[1] || !match[2]) throw new Refusal(401, 'Authorization is not `vapid t=…, k=…`')
  const [header64 = '', claims64 = '', signature64 = ''] = match[1].split('.')
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg?: string }
  if (header.alg !== 'ES256') throw new Refusal(401, 'the JWT is not ES256')
  const point = Buffer.from(match[2], 'base64url')
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 key')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header64}.${claims64}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature64, 'base64url'),
  )
  if (!signed) throw new Refusal(403, 'the JWT signature does not verify with k')
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as ReceivedPush['claims']
  if (claims.aud !== origin) throw new Refusal(403, `aud is ${claims.aud}, not ${origin}`)
  if (!Number.isInteger(claims.exp) || claims.exp <= nowS || claims.exp > nowS + DAY_S) {
    throw new Refusal(403, 'exp is not within the next 24 hours')
  }
  if (!/^(https:|mailto:)/.test(claims.sub ?? ''))
    throw new Refusal(403, 'sub is not an https: or mailto: contact')
  return { claims, signedBy: match[2] }
}

/** RFC 8291 §3.4 with RFC 8188's aes128gcm: the message's one record, opened with the browser's keys. */
export function decryptPush(body: Buffer, browser: Pick<FakeBrowser, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20] ?? 0
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  if (idLength !== 65) throw new Refusal(400, 'the keyid is not the sender’s P-256 key')
  if (record.length > recordSize) throw new Refusal(400, 'the message is more than one record')
  const secret = browser.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.authSecret, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  let plain: Buffer
  try {
    plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  } catch {
    throw new Refusal(400, 'the message does not open with the subscription’s keys')
  }
  // padding: the last record's delimiter (2), then zeros
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end -= 1
  if (plain[end] !== 2) throw new Refusal(400, 'the record has no last-record delimiter')
  return plain.subarray(0, end).toString('utf8')
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, FakeBrowser>()
  const scripted = new Map<string, number[]>()
  const received: ReceivedPush[] = []
  const refused: string[] = []
  let waiting: ((push: ReceivedPush) => void)[] = []
  let origin = ''

  async function take(request: IncomingMessage, response: ServerResponse) {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1]
    const browser = id ? browsers.get(id) : undefined
    const body = await readBody(request)
    if (request.method !== 'POST' || !browser) {
      response.writeHead(404).end()
      return
    }
    const next = scripted.get(browser.id)?.shift()
    if (next !== undefined) {
      response.writeHead(next, next === 429 ? { 'retry-after': '1' } : {}).end()
      return
    }
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        throw new Refusal(400, 'Content-Encoding is not aes128gcm')
      }
      const ttl = Number(request.headers.ttl)
      if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL is missing')
      const { claims, signedBy } = checkVapid(
        request.headers.authorization,
        origin,
        Math.floor(Date.now() / 1000),
      )
      const push = {
        subscription: browser.id,
        text: decryptPush(body, browser),
        claims,
        signedBy,
        ttl,
        at: Date.now(),
      }
      received.push(push)
      for (const resolve of waiting) resolve(push)
      waiting = []
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end()
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(400, String(error))
      refused.push(refusal.message)
      response.writeHead(refusal.status, { 'content-type': 'text/plain' }).end(refusal.message)
    }
  }

  const server = createServer((request, response) => {
    take(request, response).catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    subscribe() {
      const id = randomUUID()
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const authSecret = randomBytes(16)
      const browser = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      }
      browsers.set(id, browser)
      return browser
    },
    answerNext(subscription, ...statuses) {
      scripted.set(subscription.id, [...(scripted.get(subscription.id) ?? []), ...statuses])
    },
    received,
    refused,
    nextPush: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
