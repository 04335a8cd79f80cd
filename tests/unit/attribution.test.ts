import { describe, expect, it } from 'vitest'
import {
  type Channel,
  channelOf,
  cleanTag,
  decodeLanding,
  encodeLanding,
  externalReferrer,
  type Landing,
  landingFrom,
  landingToKeep,
} from '../../server/domain/attribution'

const NOW = Date.parse('2026-11-29T06:00:00Z')
const none: Landing = {
  source: null,
  medium: null,
  campaign: null,
  term: null,
  content: null,
  fbclid: null,
  gclid: null,
  referrer: null,
  at: NOW,
}
const landing = (patch: Partial<Landing>): Landing => ({ ...none, ...patch })

describe('the channel an order is counted under', () => {
  it.each<[string, Partial<Landing>, Channel]>([
    [
      'utm tags as given',
      { source: 'Facebook', medium: 'Paid', campaign: 'Eid' },
      { channel: 'facebook', medium: 'paid', campaign: 'Eid' },
    ],
    ["Meta's fb", { source: 'fb', medium: 'paid' }, { channel: 'facebook', medium: 'paid', campaign: null }],
    ["Meta's ig", { source: 'ig' }, { channel: 'instagram', medium: null, campaign: null }],
    ['a newsletter', { source: 'newsletter' }, { channel: 'newsletter', medium: null, campaign: null }],
    [
      'utm_source wins over a click id',
      { source: 'partner', fbclid: 'abc' },
      { channel: 'partner', medium: null, campaign: null },
    ],
    ['a Google ad click', { gclid: 'Cj0KCQ' }, { channel: 'google', medium: 'cpc', campaign: null }],
    ['a Facebook click', { fbclid: 'IwAR3x' }, { channel: 'facebook', medium: 'social', campaign: null }],
    [
      'a click from Instagram',
      { fbclid: 'PAZXh0', referrer: 'https://l.instagram.com/' },
      { channel: 'instagram', medium: 'social', campaign: null },
    ],
    [
      'a campaign named without a source',
      { fbclid: 'x', campaign: 'eid' },
      { channel: 'facebook', medium: 'social', campaign: 'eid' },
    ],
    [
      'Facebook by its link shim',
      { referrer: 'https://lm.facebook.com/' },
      { channel: 'facebook', medium: 'social', campaign: null },
    ],
    [
      "Google's search in Bangladesh",
      { referrer: 'https://www.google.com.bd/' },
      { channel: 'google', medium: 'organic', campaign: null },
    ],
    [
      'Bing',
      { referrer: 'https://www.bing.com/search' },
      { channel: 'bing', medium: 'organic', campaign: null },
    ],
    [
      'WhatsApp',
      { referrer: 'https://web.whatsapp.com/' },
      { channel: 'whatsapp', medium: 'social', campaign: null },
    ],
    [
      'any other site',
      { referrer: 'https://www.fashion-blog.com.bd/eid-picks' },
      { channel: 'fashion-blog.com.bd', medium: 'referral', campaign: null },
    ],
    [
      'not google: notgoogle.com',
      { referrer: 'https://notgoogle.com/' },
      { channel: 'notgoogle.com', medium: 'referral', campaign: null },
    ],
    ['nothing', {}, { channel: 'direct', medium: null, campaign: null }],
  ])('%s', (_name, patch, expected) => {
    expect(channelOf(landing(patch))).toEqual(expected)
  })

  it('counts an order without a landing as direct', () => {
    expect(channelOf(null)).toEqual({ channel: 'direct', medium: null, campaign: null })
  })
})

describe('which landing is kept', () => {
  const direct = landing({})
  const linked = landing({ referrer: 'https://www.facebook.com/' })
  const ad = landing({ source: 'facebook', fbclid: 'abc' })
  const otherAd = landing({ gclid: 'xyz' })

  it.each<[string, Landing | null, Landing, Landing | null]>([
    ['the first landing', null, direct, direct],
    ['a campaign after a direct visit', direct, ad, ad],
    ['a campaign after a plain link', linked, ad, ad],
    ['a plain link after a direct visit', direct, linked, linked],
    ['not a later campaign: the first stays', ad, otherAd, null],
    ['not a direct visit after a campaign', ad, direct, null],
    ['not a plain link after a campaign', ad, linked, null],
    ['not a second direct visit', direct, landing({ at: NOW + 1 }), null],
  ])('%s', (_name, kept, arriving, expected) => {
    expect(landingToKeep(kept, arriving)).toEqual(expected)
  })
})

describe('a landing read from the address and Referer', () => {
  it('reads every tag, click id and the other site', () => {
    const query = new URLSearchParams(
      'utm_source=facebook&utm_medium=paid&utm_campaign=eid&utm_term=panjabi&utm_content=red&fbclid=abc&gclid=g1',
    )
    expect(landingFrom(query, 'https://m.facebook.com/story?id=1', ['shop.example'], NOW)).toEqual({
      source: 'facebook',
      medium: 'paid',
      campaign: 'eid',
      term: 'panjabi',
      content: 'red',
      fbclid: 'abc',
      gclid: 'g1',
      referrer: 'https://m.facebook.com/story',
      at: NOW,
    })
  })

  it("takes no referrer from the shop's own pages, or one that is not a web address", () => {
    expect(externalReferrer('https://shop.example/product/x', ['shop.example'])).toBeNull()
    expect(externalReferrer('android-app://com.facebook.katana/', [])).toBeNull()
    expect(externalReferrer('not a url', [])).toBeNull()
  })

  it('bounds every value: control characters out, long tags cut, a click id with other characters dropped', () => {
    const query = new URLSearchParams({
      utm_source: `face\u0000book\n`,
      utm_campaign: 'ঈ'.repeat(200),
      fbclid: 'abc<script>',
      gclid: 'g'.repeat(2000),
    })
    const read = landingFrom(query, undefined, [], NOW)
    expect(read.source).toBe('face book')
    expect(new TextEncoder().encode(read.campaign ?? '').length).toBeLessThanOrEqual(100)
    expect(read.campaign).toBe('ঈ'.repeat(33))
    expect(read.fbclid).toBeNull()
    expect(read.gclid).toHaveLength(500)
    expect(cleanTag('   ')).toBeNull()
  })
})

describe('the landing cookie', () => {
  it('reads back what it keeps', () => {
    const kept = landing({ source: 'facebook', campaign: 'ঈদ', fbclid: 'abc', referrer: 'https://x.com/a' })
    expect(decodeLanding(encodeLanding(kept), NOW)).toEqual(kept)
  })

  it('stays well under a browser cookie even with every value at its longest', () => {
    const long = 'ঈ'.repeat(500)
    const query = new URLSearchParams({
      utm_source: long,
      utm_medium: long,
      utm_campaign: long,
      utm_term: long,
      utm_content: long,
      fbclid: 'f'.repeat(900),
      gclid: 'g'.repeat(900),
    })
    const read = landingFrom(query, `https://example.com/${long}`, [], NOW)
    expect(encodeLanding(read).length).toBeLessThan(3000)
  })

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON that is not an object', Buffer.from('[1,2]').toString('base64url')],
    ['no time', Buffer.from('{"s":"facebook"}').toString('base64url')],
    ['a time far in the future', Buffer.from(`{"a":${NOW + 10 * 86_400_000}}`).toString('base64url')],
    ['too long', 'a'.repeat(5000)],
  ])('is no landing when it is %s', (_name, value) => {
    expect(decodeLanding(value, NOW)).toBeNull()
  })

  it('checks a forged value again: an over-long tag is cut, a bad click id dropped', () => {
    const forged = Buffer.from(
      JSON.stringify({ a: NOW, s: 'x'.repeat(1000), f: 'a b', r: 'javascript:alert(1)' }),
    ).toString('base64url')
    expect(decodeLanding(forged, NOW)).toEqual(landing({ source: 'x'.repeat(100) }))
  })
})
