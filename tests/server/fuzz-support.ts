import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema'
import { CSRF_HEADER, STAFF_COOKIE } from '../../src/contract/staff'
import { createPerson, ORIGIN, type StaffCredentials, signInBySms } from './admin-support'
import { call, lastCode, sendOtp, tokenOf } from './auth-support'
import { sellableSkus } from './commerce-support'
import { apiHeaders, createTestApp } from './helpers'

/**
 * Every route the server has, documented or not, gets a few hundred malformed requests: wrong types, NUL
 * and other control characters, megabyte strings, deep nesting, prototype keys, bad percent-encoding, huge
 * and fractional numbers, arrays for objects, empty bodies, wrong content types; as a guest, with a
 * session, with a broken session, with the ADMIN_TOKEN and as an owner signed in to the back office. None
 * may answer 5xx, and every 4xx has the error shape.
 * The requests come from a fixed seed: a failure names its route and request, and repeats.
 * The routes are dealt to several test files (fuzz-*.test.ts, `fuzzShare`) so that the test workers share them.
 */

const SEED = 20_250_615
const REQUESTS_PER_ROUTE = 300
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789'

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
type JsonSchema = {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  nullable?: boolean
}
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema | string }
type Route = { method: Method; path: string; parameters: Parameter[]; body?: JsonSchema }
type Fuzzed = { method: Method; url: string; headers: Record<string, string>; payload?: string }

const text: JsonSchema = { type: 'string' }
/** Routes the server has that the OpenAPI document leaves out (server/app.ts and the plugins). */
const hidden: Route[] = [
  { method: 'GET', path: '/api/health', parameters: [] },
  {
    method: 'GET',
    path: '/api/v1/dev/sms-outbox',
    parameters: [{ in: 'query', name: 'phone', schema: text }],
  },
  { method: 'GET', path: '/product/{slug}', parameters: [{ in: 'path', name: 'slug', schema: text }] },
  { method: 'GET', path: '/media/uploads/{name}', parameters: [{ in: 'path', name: 'name', schema: text }] },
  { method: 'GET', path: '/media/{file}', parameters: [{ in: 'path', name: 'file', schema: text }] },
  { method: 'GET', path: '/api/docs/{file}', parameters: [{ in: 'path', name: 'file', schema: text }] },
  { method: 'GET', path: '/{page}', parameters: [{ in: 'path', name: 'page', schema: text }] },
]

/** What plausible requests name: real skus and products, so a single bad field reaches the handler. */
type Known = { skuIds: number[]; slugs: string[] }

/** JSON text written as is: numbers JSON.stringify cannot spell, nesting, prototype keys. */
class RawJson {
  constructor(readonly text: string) {}
}

function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

const asText = (value: unknown) => (typeof value === 'string' ? value : jsonText(value))

/** encodeURIComponent, except that a lone surrogate goes as the bytes of one, which no UTF-8 decoder takes. */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return [...value].map((c) => (c.isWellFormed() ? encodeURIComponent(c) : '%ED%A0%80')).join('')
  }
}

/**
 * Node's HTTP server reads at most 16 KB of a request's head (`maxHeaderSize`), its address included, and refuses a
 * longer one before any route sees it (input-hygiene.test.ts sends such an address over a socket): the address of
 * a request that can reach the app is cut there, its hostile value kept as far as it fits.
 */
const URL_LIMIT = 15 * 1024
const withinUrlLimit = (url: string) => (url.length > URL_LIMIT ? url.slice(0, URL_LIMIT) : url)

// ---- hostile values ----

const MEGABYTE = 'a'.repeat(1024 * 1024)
const nested = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
const nestedObjects = (depth: number) =>
  new RawJson(`${'{"a":'.repeat(depth)}{"__proto__":1}${'}'.repeat(depth)}`)

const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code))

/** Text with NUL or another control character somewhere in it: what PostgreSQL or a log would choke on. */
const controlText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'shirt\u0000',
    '\u0000'.repeat(50_000),
    '\u001b[31mred',
    '\u007f',
    'line\r\nbreak\ttab',
  ),
  fc
    .tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 }))
    .map((parts) => parts.join('')),
  fc.string({ unit: controlCharacter, minLength: 1, maxLength: 8 }),
)

const strangeText = fc.oneof(
  fc.constantFrom(
    '\ud800',
    '\udfff\ud800',
    '\u202eevil',
    '\ufeffbom',
    '👗🧵',
    'শার্ট',
    '',
    '   ',
    "' or 1=1 --",
    '../../../etc/passwd',
    '%00',
    '%E0%A4%A',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '\u09a6'.repeat(200_000),
    MEGABYTE,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** Digits where text goes: numeric slugs and ids past any integer column, signs, fractions, exponents. */
const numericText = fc.oneof(
  fc.constantFrom(
    '12345678901',
    '99999999999999999999',
    '2147483648',
    '-1',
    '0',
    '1.5',
    '1e309',
    'NaN',
    '0x10',
  ),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
)

const hostileString = fc.oneof(
  { arbitrary: controlText, weight: 3 },
  { arbitrary: numericText, weight: 2 },
  { arbitrary: strangeText, weight: 2 },
)

const hostileNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    2 ** 32,
    2 ** 53,
    -(2 ** 31) - 1,
    -1,
    0,
    -0,
    0.5,
    1.5,
    1e308,
    -1e308,
    5e-324,
  ),
  fc
    .constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1.0', '-0.0', '1e-999')
    .map((spelled) => new RawJson(spelled)),
  fc.double(),
)

const hostileStructure = fc.constantFrom(
  [],
  {},
  [[[]]],
  nested(64),
  nested(10_000),
  nested(100_000),
  nestedObjects(5_000),
  new RawJson('{"__proto__":{"isAdmin":true}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
  new RawJson('{"a":1,"a":2}'),
)

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: hostileStructure, weight: 2 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
)

// ---- plausible values, from the route's own schema ----

function plausible(schema: JsonSchema | string | undefined, known: Known, name = ''): fc.Arbitrary<unknown> {
  if (!schema || typeof schema === 'string') return fc.string({ maxLength: 10 })
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const union = schema.anyOf ?? schema.oneOf
  if (union) return fc.oneof(...union.map((item) => plausible(item, known, name)))
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], known, name)
  const value = plausibleOfType(schema, known, name)
  return schema.nullable ? fc.option(value) : value
}

function plausibleOfType(schema: JsonSchema, known: Known, name: string): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {})
      const model = Object.fromEntries(properties.map(([key, item]) => [key, plausible(item, known, key)]))
      return fc.record(model, { requiredKeys: schema.required ?? [] })
    }
    case 'array':
      return fc.array(plausible(schema.items, known, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    case 'integer':
      if (/sku/i.test(name) && known.skuIds.length > 0) return fc.constantFrom(...known.skuIds)
      return fc.integer({ min: Math.max(schema.minimum ?? 1, 1), max: Math.min(schema.maximum ?? 50, 50) })
    case 'number':
      return fc.integer({ min: 0, max: 5000 })
    case 'boolean':
      return fc.boolean()
    default:
      return plausibleText(schema, known, name)
  }
}

function plausibleText(schema: JsonSchema, known: Known, name: string): fc.Arbitrary<string> {
  if (/phone/i.test(name)) return fc.constantFrom('01712345678', '+8801812345678', '01912-345678')
  if (/slug/i.test(name) && known.slugs.length > 0) return fc.constantFrom(...known.slugs, '1')
  if (name === 'filters') return fc.constantFrom('{}', '{"sort":"newest","inStock":true}', '{"brand":["a"]}')
  if (/otpCode/.test(name)) return fc.stringMatching(/^\d{6}$/)
  if (schema.format === 'uuid' || /otpId/.test(name)) return fc.uuid()
  if (schema.format === 'email') return fc.constantFrom('shopper@example.com', 'a.b@shop.com.bd')
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern))
  return fc.string({ minLength: 3, maxLength: Math.min(schema.maxLength ?? 20, 20) })
}

/** A plausible value with one part (or the whole) replaced by a hostile one. */
function corrupted(value: unknown, replacement: unknown, pick: number): unknown {
  const paths: (string | number)[][] = [[]]
  const walk = (node: unknown, path: (string | number)[]) => {
    if (node === null || typeof node !== 'object') return
    for (const [key, item] of Object.entries(node)) {
      const next = [...path, Array.isArray(node) ? Number(key) : key]
      paths.push(next)
      walk(item, next)
    }
  }
  walk(value, [])
  const path = paths[pick % paths.length] ?? []
  if (path.length === 0) return replacement
  const copy = structuredClone(value) as Record<string | number, unknown>
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  parent[path[path.length - 1] as string | number] = replacement
  return copy
}

// ---- one request: path, query, headers, body and session, each plausible or hostile ----

/** Both forms of one part of a request: as a client means it, and broken. */
type Part<T> = { plausible: fc.Arbitrary<T>; hostile: fc.Arbitrary<T> }

/** Plausible values with the one at a picked position replaced. */
function oneReplaced<T>(plausibleItems: fc.Arbitrary<T>[], hostileItem: fc.Arbitrary<T>): fc.Arbitrary<T[]> {
  return fc
    .tuple(fc.tuple(...plausibleItems), fc.nat(), hostileItem)
    .map(([items, at, bad]) => items.map((item, index) => (index === at % items.length ? bad : item)))
}

const badPathSegment = fc.constantFrom(
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '-1',
  '0',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999',
  '%20',
  'a'.repeat(301),
  MEGABYTE,
)

function pathPart(parameters: Parameter[], known: Known): Part<string[]> {
  const plausibleValues = parameters.map((parameter) =>
    plausible(parameter.schema, known, parameter.name).map((value) => encoded(asText(value))),
  )
  const hostileValues = fc.oneof(
    hostileValue.map((value) => encoded(asText(value))),
    badPathSegment,
  )
  return { plausible: fc.tuple(...plausibleValues), hostile: oneReplaced(plausibleValues, hostileValues) }
}

const queryPair = (name: string, value: fc.Arbitrary<unknown>) =>
  value.map((item) => `${encoded(name)}=${encoded(asText(item))}`)

const strayQuery = fc.oneof(
  fc.constantFrom(
    '__proto__=1',
    '__proto__[admin]=1',
    'constructor[prototype][admin]=1',
    'a[b][c]=1',
    '%E0%A4%A=1',
    'x=%',
    '=',
    '&&&',
    `q=${MEGABYTE}`,
  ),
  queryPair('x', hostileValue),
)

function queryPart(parameters: Parameter[], known: Known): Part<string> {
  const plausiblePairs = parameters.map((parameter) =>
    fc.option(queryPair(parameter.name, plausible(parameter.schema, known, parameter.name)), { freq: 3 }),
  )
  const hostilePair = (name: string) =>
    fc.oneof(
      { arbitrary: queryPair(name, hostileValue), weight: 4 },
      // the same name twice reads as an array
      { arbitrary: fc.constant(`${name}=1&${name}=2`), weight: 1 },
      { arbitrary: fc.constant(`${name}=%E0%A4%A`), weight: 1 },
    )
  const join = (pairs: (string | null)[]) => pairs.filter((pair) => pair !== null).join('&')
  const broken =
    parameters.length === 0
      ? strayQuery
      : fc.oneof(
          {
            arbitrary: oneReplaced(
              plausiblePairs,
              fc.oneof(...parameters.map((p) => hostilePair(p.name))),
            ).map(join),
            weight: 3,
          },
          {
            arbitrary: fc
              .tuple(fc.tuple(...plausiblePairs), strayQuery)
              .map(([pairs, stray]) => join([...pairs, stray])),
            weight: 1,
          },
        )
  return { plausible: fc.tuple(...plausiblePairs).map(join), hostile: broken }
}

function headerPart(parameters: Parameter[], known: Known): Part<(string | null)[]> {
  const plausibleValues = parameters.map((parameter) =>
    plausible(parameter.schema, known, parameter.name).map((value): string | null => asText(value)),
  )
  const hostileValues = fc.constantFrom(null, '', 'short', 'a'.repeat(200), '../x', '%00', '1e999')
  return { plausible: fc.tuple(...plausibleValues), hostile: oneReplaced(plausibleValues, hostileValues) }
}

const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
  ';;;',
]

type Body = { payload?: string; contentType?: string }

function bodyPart(route: Route, known: Known): Part<Body> {
  const good = plausible(route.body ?? { type: 'object' }, known)
  const json = (value: unknown): Body => ({ payload: jsonText(value), contentType: 'application/json' })
  const hostile = fc.oneof(
    {
      arbitrary: fc.tuple(good, hostileValue, fc.nat()).map(([v, bad, at]) => json(corrupted(v, bad, at))),
      weight: 8,
    },
    {
      arbitrary: fc
        .tuple(good, fc.constantFrom('__proto__', 'constructor', 'prototype', '\u0000', ''), hostileValue)
        .map(([v, key, bad]) => ({
          payload: jsonText(v).replace(
            /^\{/,
            `{${JSON.stringify(key)}:${jsonText(bad)}${jsonText(v) === '{}' ? '' : ','}`,
          ),
          contentType: 'application/json',
        })),
      weight: 2,
    },
    { arbitrary: fc.constantFrom<Body>({}, { payload: '', contentType: 'application/json' }), weight: 1 },
    {
      arbitrary: fc
        .tuple(good, fc.constantFrom('', ',', '}', 'x', '\u0000', ' // c'))
        .map(([v, tail]) => ({ payload: jsonText(v).slice(0, -1) + tail, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom("{'a':1}", 'NaN', '\ufeff{}', '{"a":undefined}', '[1,]', 'null', '"text"', '1e999')
        .map((payload) => ({ payload, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(good, fc.constantFrom(...contentTypes)).map(([v, contentType]) => ({
        payload: contentType.startsWith('multipart')
          ? `--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.webp"\r\n\r\n${jsonText(v)}\r\n--fuzz--\r\n`
          : jsonText(v),
        contentType,
      })),
      weight: 2,
    },
  )
  // a GET sends no body, unless the body is what is broken
  const sendsBody = route.body !== undefined || route.method !== 'GET'
  return { plausible: sendsBody ? good.map(json) : fc.constant({}), hostile }
}

const sessions = ['guest', 'session', 'bearer', 'broken', 'admin', 'staff'] as const
type Session = (typeof sessions)[number]
type Target = 'path' | 'query' | 'headers' | 'body' | 'none' | 'all'

/**
 * Mostly one part broken and the rest plausible, so that a bad field gets past the others' checks and
 * reaches the handler; some requests with nothing broken, some with everything broken.
 */
function requestsFor(route: Route, known: Known): fc.Arbitrary<Fuzzed & { session: Session }> {
  const named = (place: Parameter['in']) => route.parameters.filter((parameter) => parameter.in === place)
  const pathParameters = named('path')
  const headerParameters = named('header')
  const parts = {
    path: pathPart(pathParameters, known),
    query: queryPart(named('query'), known),
    headers: headerPart(headerParameters, known),
    body: bodyPart(route, known),
  }
  const targets: { arbitrary: fc.Arbitrary<Target>; weight: number }[] = [
    { arbitrary: fc.constant('none'), weight: 1 },
    { arbitrary: fc.constant('all'), weight: 1 },
    { arbitrary: fc.constant('query'), weight: 2 },
    { arbitrary: fc.constant('body'), weight: route.body ? 5 : 1 },
    ...(pathParameters.length > 0 ? [{ arbitrary: fc.constant<Target>('path'), weight: 3 }] : []),
    ...(headerParameters.length > 0 ? [{ arbitrary: fc.constant<Target>('headers'), weight: 1 }] : []),
  ]
  const chosen = <T>(part: Part<T>, broken: boolean) => (broken ? part.hostile : part.plausible)
  return fc
    .tuple(fc.oneof(...targets), fc.constantFrom(...sessions))
    .chain(([target, session]) => {
      const broken = (part: keyof typeof parts) => target === part || target === 'all'
      return fc.record({
        path: chosen(parts.path, broken('path')),
        query: chosen(parts.query, broken('query')),
        headers: chosen(parts.headers, broken('headers')),
        body: chosen(parts.body, broken('body')),
        session: fc.constant(session),
      })
    })
    .map(({ path, query, headers, body, session }) => {
      let url = route.path
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, path[index] ?? '')
      })
      const headerValues: Record<string, string> = { ...apiHeaders }
      headerParameters.forEach((parameter, index) => {
        const value = headers[index]
        if (value !== null && value !== undefined) headerValues[parameter.name] = value
      })
      if (body.contentType) headerValues['content-type'] = body.contentType
      return {
        method: route.method,
        url: withinUrlLimit(query ? `${url}?${query}` : url),
        headers: headerValues,
        payload: body.payload,
        session,
      }
    })
}

// ---- running them ----

let addressCounter = 0
/** A new client address per request, so per-address limits leave the handlers reachable. */
const nextAddress = () => {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

function withSession(
  headers: Record<string, string>,
  session: Session,
  token: string,
  staff: StaffCredentials | null,
): Record<string, string> {
  switch (session) {
    case 'staff':
      // the shop's Origin, the staff cookie and its CSRF token: past the back office's checks
      return staff
        ? { ...headers, origin: ORIGIN, cookie: `${STAFF_COOKIE}=${staff.cookie}`, [CSRF_HEADER]: staff.csrf }
        : { ...headers, origin: ORIGIN }
    case 'session':
      return { ...headers, cookie: `haat_session=${token}` }
    case 'bearer':
      return { ...headers, authorization: `Bearer ${token}` }
    case 'broken':
      return {
        ...headers,
        cookie: 'haat_session=%E0%A4%A; haat_session=\u00ff',
        authorization: 'Bearer \u00ff',
      }
    case 'admin':
      return { ...headers, authorization: `Bearer ${ADMIN_TOKEN}` }
    default:
      return headers
  }
}

/** An error answer: `{ error: { field: [message, …] } }`, at least one field, every list non-empty strings. */
function hasErrorShape(body: string): boolean {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return false
  }
  const error = (parsed as { error?: unknown } | null)?.error
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return false
  const fields = Object.values(error)
  return (
    fields.length > 0 &&
    fields.every(
      (messages) =>
        Array.isArray(messages) &&
        messages.length > 0 &&
        messages.every((message) => typeof message === 'string' && message.length > 0),
    )
  )
}

const seedOf = (route: Route) =>
  [...`${route.method} ${route.path}`].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, SEED)

/**
 * The tests of one share of the routes: the `share`-th of every `shares` routes, each with its own app over its
 * own database (every route's requests come from its own seed, so a route asks the same whichever share it is in).
 */
export async function fuzzShare(share: number, shares: number) {
  const t = await createTestApp({ products: 8, config: { ADMIN_TOKEN } })
  afterAll(async () => t.close())

  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: apiHeaders })
  const openApi = docs.json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >
  }
  const documented: Route[] = Object.entries(openApi.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  )
  const routes = [...documented, ...hidden].filter((_route, index) => index % shares === share)
  const known: Known = {
    skuIds: (await sellableSkus(t.db, 4)).map((sku) => sku.skuId),
    slugs: (await t.db.select({ slug: products.slug }).from(products).limit(3)).map((row) => row.slug),
  }

  let phoneCounter = 0
  /** A shopper logged in by one-time code, as the app does it. */
  async function logIn(): Promise<string> {
    phoneCounter += 1
    const phone = `0171${String(phoneCounter).padStart(7, '0')}`
    const ip = nextAddress()
    const sent = await sendOtp(t.app, phone, 'login', ip)
    const otpCode = await lastCode(t.app, phone)
    return tokenOf(
      await call(t.app, 'POST', 'auth/customer/otp-login', {
        body: { phone, otpId: sent.body.otpId, otpCode },
        ip,
      }),
    )
  }

  let staffCounter = 0
  /** An owner signed in to the back office (password, then the SMS code), as the admin pages do it. */
  async function staffLogIn(): Promise<StaffCredentials> {
    staffCounter += 1
    const phone = `0179${String(staffCounter).padStart(7, '0')}`
    await createPerson(t.db, { phone, role: 'owner', password: 'fuzz-owner-password' })
    return signInBySms(t.app, phone, 'fuzz-owner-password', nextAddress())
  }

  const figures = { routes: 0, requests: 0, serverErrors: 0 }
  /** the back office's share of them */
  const admin = { routes: 0, requests: 0, serverErrors: 0 }
  afterAll(() => {
    console.log(
      `fuzz ${share + 1}/${shares} (${process.env.TEST_DB ?? 'pglite'}): ${figures.routes} routes, ${figures.requests} requests, ${figures.serverErrors} answered 5xx; of them the back office's: ${admin.routes} routes, ${admin.requests} requests, ${admin.serverErrors} answered 5xx`,
    )
  })

  describe('malformed requests answer 4xx in the error shape, never 5xx', () => {
    it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s',
      async (_name, route) => {
        const token = await logIn()
        const staff = route.path.startsWith('/api/v1/admin/') ? await staffLogIn() : null
        const samples = fc.sample(requestsFor(route, known), {
          seed: seedOf(route),
          numRuns: REQUESTS_PER_ROUTE,
        })
        const wrong: { request: string; status: number; body: string }[] = []
        for (const [index, sample] of samples.entries()) {
          const response = await t.app.inject({
            method: sample.method,
            url: sample.url,
            headers: withSession(sample.headers, sample.session, token, staff),
            payload: sample.payload,
            remoteAddress: nextAddress(),
          })
          for (const tally of staff ? [figures, admin] : [figures]) {
            tally.requests += 1
            if (response.statusCode >= 500) tally.serverErrors += 1
          }
          const shaped = response.statusCode < 400 || hasErrorShape(response.body)
          if (response.statusCode >= 500 || !shaped) {
            wrong.push({
              request: `#${index} ${sample.session} ${sample.method} ${sample.url.slice(0, 160)} ${String(sample.payload ?? '').slice(0, 160)}`,
              status: response.statusCode,
              body: response.body.slice(0, 200),
            })
          }
        }
        figures.routes += 1
        if (staff) admin.routes += 1
        expect(wrong).toEqual([])
      },
      60_000,
    )
  })
}
