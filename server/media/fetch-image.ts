import { type LookupAddress, lookup } from 'node:dns'
import type { IncomingMessage } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP } from 'node:net'

/**
 * A photo fetched from a web address the shop gave (a catalogue CSV's `images` cell, as Shopify and WooCommerce
 * export them). The server asks only the public internet: an address that resolves to a private, loopback,
 * link-local, carrier-grade NAT or otherwise reserved network is refused at the moment of connecting (so a name
 * that resolves elsewhere on a second lookup gains nothing), as is every redirect's. At most MAX_REDIRECTS
 * redirects, `maxBytes` read, `timeoutMs` in all.
 */
export class ImageFetchRefused extends Error {
  constructor(
    message: string,
    /** `private`: the address is not on the public internet; `failed`: it was, and gave no photo */
    readonly reason: 'private' | 'failed',
    /** what went wrong, for the shop's own words: the address's form, its network, its answer or its time */
    readonly why: FetchFailure = reason === 'private' ? 'private' : 'unreachable',
    /** the status it answered, when `why` is `status` */
    readonly status = 0,
  ) {
    super(message)
    this.name = 'ImageFetchRefused'
  }
}

export type FetchFailure =
  | 'invalid'
  | 'private'
  | 'unreachable'
  | 'timeout'
  | 'status'
  | 'redirects'
  | 'too-large'
  | 'broken'

const MAX_REDIRECTS = 3

/**
 * Networks no shop photo is on: the server's own, its neighbours', and the reserved ones. One list per family:
 * a list with IPv6 rules also matches IPv4 addresses through their mapped form.
 */
const reservedV4 = new BlockList()
const reservedV6 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  reservedV4.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  reservedV6.addSubnet(network, prefix, 'ipv6')
}

/** Whether an address is on the public internet (an IPv4 address written as IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return isPublicAddress(mapped)
  const family = isIP(address)
  if (family === 0) return false
  // any other address written as IPv6 around IPv4 (::ffff:0:0/96 in other spellings) is not a photo's
  if (family === 6 && /^::ffff:/i.test(address)) return false
  return family === 4 ? !reservedV4.check(address, 'ipv4') : !reservedV6.check(address, 'ipv6')
}

export type FetchImageOptions = {
  maxBytes: number
  timeoutMs: number
  /** tests only: photos served on loopback */
  allowPrivate?: boolean
}

/** The address as a photo's: http or https, no user name or password in it. Null when it is not one. */
export function photoAddress(text: string): URL | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  return url
}

type Lookup = (
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) => void

/** The resolver the connection uses: every address it would reach is checked before connecting. */
const guardedLookup: Lookup = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const list = addresses as LookupAddress[]
    if (list.length === 0 || list.some((entry) => !isPublicAddress(entry.address))) {
      return callback(new ImageFetchRefused(`${hostname} is not on the public internet`, 'private'), [])
    }
    if (options.all) return callback(null, list)
    const [first] = list
    return callback(null, first?.address ?? '', first?.family)
  })
}

function get(url: URL, options: FetchImageOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'image/webp,image/png,image/jpeg,image/*;q=0.8',
          'user-agent': 'Haat catalogue import',
        },
        signal,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      resolve,
    )
    request.on('error', reject)
    request.end()
  })
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0)
  if (declared > maxBytes) {
    response.destroy()
    throw new ImageFetchRefused('the photo is too large', 'failed', 'too-large')
  }
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of response) {
    bytes += (chunk as Buffer).length
    if (bytes > maxBytes) {
      response.destroy()
      throw new ImageFetchRefused('the photo is too large', 'failed', 'too-large')
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** The photo's bytes (its format is checked when it is stored); ImageFetchRefused when there are none to have. */
export async function fetchImage(address: string, options: FetchImageOptions): Promise<Buffer> {
  let url = photoAddress(address)
  if (!url) throw new ImageFetchRefused('not a web address of a photo', 'failed', 'invalid')
  const signal = AbortSignal.timeout(options.timeoutMs)
  for (let hop = 0; ; hop++) {
    // a name is checked as it is resolved; an address written as digits, here
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
      throw new ImageFetchRefused(`${host} is not on the public internet`, 'private')
    }
    let response: IncomingMessage
    try {
      response = await get(url, options, signal)
    } catch (error) {
      if (error instanceof ImageFetchRefused) throw error
      const cause = (error as { cause?: unknown }).cause
      if (cause instanceof ImageFetchRefused) throw cause
      throw signal.aborted
        ? new ImageFetchRefused('no answer in time', 'failed', 'timeout')
        : new ImageFetchRefused('could not be reached', 'failed', 'unreachable')
    }
    const status = response.statusCode ?? 0
    const location = response.headers.location
    if (status >= 300 && status < 400 && location) {
      response.resume()
      const next = photoAddress(new URL(location, url).href)
      if (!next || hop >= MAX_REDIRECTS)
        throw new ImageFetchRefused('too many redirects', 'failed', 'redirects')
      url = next
      continue
    }
    if (status !== 200) {
      response.resume()
      throw new ImageFetchRefused(`answered ${status}`, 'failed', 'status', status)
    }
    try {
      return await readBody(response, options.maxBytes)
    } catch (error) {
      if (error instanceof ImageFetchRefused) throw error
      throw signal.aborted
        ? new ImageFetchRefused('no answer in time', 'failed', 'timeout')
        : new ImageFetchRefused('the answer broke off', 'failed', 'broken')
    }
  }
}
