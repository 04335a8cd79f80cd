// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { carriesCampaign, SERVER_PATHS } from '../../sw/navigation'
import { isPageToWorkerMessage, isWorkerToPageMessage } from '../../sw/protocol/messages'

describe('page -> worker messages', () => {
  it.each([
    [{ type: 'SKIP_WAITING' }, true],
    [{ type: 'CLEAR_PRIVATE' }, true],
    [{ type: 'GET_VERSION' }, true],
    [{ type: 'skip_waiting' }, false],
    [{ type: 'CLEAR_ALL' }, false],
    [{ type: 42 }, false],
    [{}, false],
    ['SKIP_WAITING', false],
    [null, false],
    [undefined, false],
  ])('accepts %j: %s', (message, accepted) => {
    expect(isPageToWorkerMessage(message)).toBe(accepted)
  })
})

describe('worker -> page replies', () => {
  it.each([
    [{ type: 'VERSION', buildId: 'b-1' }, true],
    [{ type: 'VERSION' }, false],
    [{ type: 'VERSION', buildId: 7 }, false],
    [{ type: 'PRIVATE_CLEARED', deletedEntries: 0 }, true],
    [{ type: 'PRIVATE_CLEARED', deletedEntries: '3' }, false],
    [{ type: 'OUTBOX_CHANGED' }, true],
    [{ type: 'OUTBOX_CHANGE' }, false],
    [{ type: 'SKIP_WAITING' }, false],
    [null, false],
  ])('accepts %j: %s', (message, accepted) => {
    expect(isWorkerToPageMessage(message)).toBe(accepted)
  })
})

describe('navigation fallback', () => {
  const servedByServer = (path: string) => SERVER_PATHS.some((pattern) => pattern.test(path))
  it.each([
    ['/api/v1/product/storefront', true],
    ['/storage/haat/menus/main_menu.json', true],
    ['/media/products/a.webp', true],
    ['/media/xs/products/a.webp', true],
    ['/sitemap.xml', true],
    ['/robots.txt', true],
    ['/feeds/google.xml', true],
    ['/', false],
    ['/product/blue-panjabi', false],
    ['/search', false],
    ['/category/saree', false],
    ['/apiary', false],
    ['/storefront', false],
  ])('%s is left to the server: %s', (path, server) => {
    expect(servedByServer(path)).toBe(server)
  })
})

describe("a campaign's page goes to the server, which keeps the landing", () => {
  it.each([
    ['/?utm_source=facebook&utm_medium=paid', true],
    ['/product/blue-panjabi?fbclid=abc', true],
    ['/?gclid=Cj0', true],
    ['/category/saree?utm_campaign=eid', true],
    ['/', false],
    ['/search?text=utm_source', false],
    ['/?utm=1', false],
    ['/?q=%E0%A6', false],
  ])('%s: %s', (path, campaign) => {
    expect(carriesCampaign(new URL(path, 'https://shop.example'))).toBe(campaign)
  })
})
