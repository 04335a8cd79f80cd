import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchImage, ImageFetchRefused, isPublicAddress } from '../../server/media/fetch-image'

/** A photo's web address is fetched from the public internet only, whatever the address says or resolves to. */
let served = 0
const local = createServer((_request, response) => {
  served += 1
  response.writeHead(200, { 'content-type': 'image/jpeg' }).end('not really a photo')
})
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve))
  port = (local.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => local.close(resolve)))

const options = { maxBytes: 1024, timeoutMs: 2_000 }

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['103.4.145.2', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.20.30.40', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.251', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })
})

describe('fetchImage', () => {
  it.each([
    `http://127.0.0.1:${port}/a.jpg`,
    'http://0x7f000001:1/a.jpg',
    'http://[::1]:1/a.jpg',
    'http://169.254.169.254/latest/meta-data',
  ])('refuses %s without asking it', async (address) => {
    const at = address.replace(':0/', `:${port}/`)
    const refused = await fetchImage(at, options).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ImageFetchRefused)
    expect((refused as ImageFetchRefused).reason).toBe('private')
    expect(served).toBe(0)
  })

  it('refuses a name that resolves to the server’s own network, at the moment of connecting', async () => {
    const refused = await fetchImage(`http://localhost:${port}/a.jpg`, options).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ImageFetchRefused)
    expect((refused as ImageFetchRefused).reason).toBe('private')
    expect(served).toBe(0)
  })

  it('reads a photo within its size when private networks are allowed (tests), and no more', async () => {
    const bytes = await fetchImage(`http://localhost:${port}/a.jpg`, { ...options, allowPrivate: true })
    expect(bytes.toString()).toBe('not really a photo')
    const small = await fetchImage(`http://127.0.0.1:${port}/a.jpg`, {
      ...options,
      maxBytes: 4,
      allowPrivate: true,
    }).catch((error: unknown) => error)
    expect((small as ImageFetchRefused).reason).toBe('failed')
    await expect(fetchImage('ftp://example.com/a.jpg', options)).rejects.toBeInstanceOf(ImageFetchRefused)
    await expect(fetchImage('http://user:pw@example.com/a.jpg', options)).rejects.toBeInstanceOf(
      ImageFetchRefused,
    )
  })
})
