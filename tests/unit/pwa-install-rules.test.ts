import { describe, expect, it } from 'vitest'
import {
  type InstallBannerInput,
  installBannerOffer,
  installOffer,
  isIosSafari,
  nextVisitCount,
  parseVisits,
} from '../../src/features/install/install-rules'

describe('visit counting', () => {
  it.each([
    [null, false, 1],
    [null, true, 0],
    ['1', false, 2],
    ['1', true, 1],
    ['7', false, 8],
    ['-3', false, 1],
    ['abc', false, 1],
    ['2.5', false, 1],
  ])('stored %j, counted this session %s -> %i', (stored, counted, expected) => {
    expect(nextVisitCount(stored, counted)).toBe(expected)
  })

  it.each([
    ['3', 3],
    ['0', 0],
    ['', 0],
    [null, 0],
    ['1e400', 0],
  ])('parses %j as %i visits', (stored, visits) => {
    expect(parseVisits(stored)).toBe(visits)
  })
})

const base: InstallBannerInput = {
  visits: 2,
  dismissed: false,
  standalone: false,
  canPrompt: true,
  ios: false,
}

describe('install banner', () => {
  it.each<[string, Partial<InstallBannerInput>, ReturnType<typeof installBannerOffer>]>([
    ['second visit with a prompt', {}, 'prompt'],
    ['first visit', { visits: 1 }, null],
    ['never counted', { visits: 0 }, null],
    ['a later visit', { visits: 9 }, 'prompt'],
    ['dismissed before', { dismissed: true }, null],
    ['already installed', { standalone: true }, null],
    ['browser offers no prompt', { canPrompt: false }, null],
    ['iOS Safari', { canPrompt: false, ios: true }, 'ios-hint'],
    ['iOS Safari, first visit', { canPrompt: false, ios: true, visits: 1 }, null],
    ['iOS, installed', { canPrompt: false, ios: true, standalone: true }, null],
  ])('%s', (_name, change, offer) => {
    expect(installBannerOffer({ ...base, ...change })).toBe(offer)
  })

  it.each<[Partial<InstallBannerInput>, ReturnType<typeof installOffer>]>([
    [{ visits: 1 }, 'prompt'],
    [{ visits: 1, dismissed: true }, 'prompt'],
    [{ canPrompt: false }, null],
    [{ canPrompt: false, ios: true }, 'ios-hint'],
    [{ standalone: true }, null],
  ])('account menu button for %j: %s', (change, offer) => {
    expect(installOffer({ ...base, ...change })).toBe(offer)
  })
})

describe('iOS Safari detection', () => {
  const iphoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  const iphoneChrome =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1'
  const macSafari =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
  it.each([
    [iphoneSafari, 5, true],
    [iphoneChrome, 5, false],
    [macSafari, 5, true],
    [macSafari, 0, false],
    [android, 5, false],
  ])('%s with %i touch points: %s', (userAgent, touchPoints, expected) => {
    expect(isIosSafari(userAgent, touchPoints)).toBe(expected)
  })
})
