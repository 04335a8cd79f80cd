import type { OrderAttribution } from '../../src/contract/admin-attribution'

/**
 * Where a shopper came from: the first landing's campaign tags (utm_*), the ad networks' click ids and the other
 * site that linked here, read from the address and Referer of the first page the server answers, kept in a
 * first-party cookie and stored with the order (docs/attribution.md, docs/decisions/0033).
 */

/** A landing as the cookie keeps it and the order stores it: every value bounded, none of it personal. */
export type Landing = {
  source: string | null
  medium: string | null
  campaign: string | null
  term: string | null
  content: string | null
  /** Meta's click id (Facebook and Instagram links and ads): the Conversions API builds `fbc` from it */
  fbclid: string | null
  /** Google Ads' click id */
  gclid: string | null
  /** the other site's address that linked here, without its query (origin and path) */
  referrer: string | null
  /** when the shopper landed, milliseconds since 1970 */
  at: number
}

/** The channel an order is counted under in the reports: who sent the shopper, how, for which campaign. */
export type Channel = { channel: string; medium: string | null; campaign: string | null }

/** the longest value kept of each tag, in UTF-8 bytes: the cookie stays far below a browser's 4 KB */
const TAG_BYTES = 100
const CLICK_ID_BYTES = 500
const REFERRER_BYTES = 300
/** a click id is letters, digits, `_`, `-` and `.`; anything else is not one */
const CLICK_ID = /^[\w.-]+$/
/** a landing stamped this far in the future is not believed */
const CLOCK_SKEW_MS = 86_400_000

const encoder = new TextEncoder()

/** the text cut to at most `max` UTF-8 bytes, never inside a character */
function cutToBytes(text: string, max: number): string {
  if (encoder.encode(text).length <= max) return text
  let kept = ''
  let bytes = 0
  for (const character of text) {
    const size = encoder.encode(character).length
    if (bytes + size > max) break
    kept += character
    bytes += size
  }
  return kept
}

/** a tag as kept: no control characters, spaces collapsed, trimmed, bounded; empty is none */
export function cleanTag(value: unknown, max = TAG_BYTES): string | null {
  if (typeof value !== 'string') return null
  const clean = cutToBytes(
    value
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  ).trim()
  return clean || null
}

/** a click id as kept: its own characters only, bounded (an over-long one is cut, not guessed at) */
export function cleanClickId(value: unknown): string | null {
  if (typeof value !== 'string' || !CLICK_ID.test(value)) return null
  return value.slice(0, CLICK_ID_BYTES)
}

/** another site's address, as kept: http(s), origin and path only, bounded; null when it is this shop's */
export function externalReferrer(referer: unknown, ownHosts: readonly string[]): string | null {
  if (typeof referer !== 'string' || referer.length > 4096) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.toLowerCase()
  if (ownHosts.some((own) => own.toLowerCase() === host)) return null
  return cutToBytes(`${url.origin}${url.pathname}`, REFERRER_BYTES)
}

/** the host a kept referrer names, without `www.` */
export function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null
  try {
    return new URL(referrer).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}

/**
 * The landing a page request makes: its address's tags and click ids, the other site that sent it (never this
 * shop's own pages), and the time.
 */
export function landingFrom(
  query: URLSearchParams,
  referer: unknown,
  ownHosts: readonly string[],
  now: number,
): Landing {
  return {
    source: cleanTag(query.get('utm_source')),
    medium: cleanTag(query.get('utm_medium')),
    campaign: cleanTag(query.get('utm_campaign')),
    term: cleanTag(query.get('utm_term')),
    content: cleanTag(query.get('utm_content')),
    fbclid: cleanClickId(query.get('fbclid')),
    gclid: cleanClickId(query.get('gclid')),
    referrer: externalReferrer(referer, ownHosts),
    at: now,
  }
}

/**
 * How much a landing says about where the shopper came from: 2 a campaign's tags or an ad's click id, 1 only
 * another site's link, 0 nothing (typed, bookmarked, an app that sends no Referer).
 */
export function landingWeight(landing: Landing): 0 | 1 | 2 {
  if (landing.source || landing.medium || landing.campaign || landing.fbclid || landing.gclid) return 2
  return landing.referrer ? 1 : 0
}

/**
 * The rule (docs/decisions/0033): the first landing is kept, unless a later one says more about where the
 * shopper came from (a campaign's link after a direct visit or a plain link). Answers the landing to keep now,
 * or null when the kept one stays.
 */
export function landingToKeep(kept: Landing | null, arriving: Landing): Landing | null {
  if (!kept) return arriving
  return landingWeight(arriving) > landingWeight(kept) ? arriving : null
}

/** short names in the cookie: it rides along with every request */
const COOKIE_KEYS = {
  source: 's',
  medium: 'm',
  campaign: 'c',
  term: 't',
  content: 'n',
  fbclid: 'f',
  gclid: 'g',
  referrer: 'r',
} as const satisfies Record<Exclude<keyof Landing, 'at'>, string>

/** the landing as the cookie's value: base64url JSON of its values (safe in a cookie as it is) */
export function encodeLanding(landing: Landing): string {
  const short: Record<string, string | number> = { a: landing.at }
  for (const [name, key] of Object.entries(COOKIE_KEYS)) {
    const value = landing[name as keyof typeof COOKIE_KEYS]
    if (value) short[key] = value
  }
  return Buffer.from(JSON.stringify(short)).toString('base64url')
}

/** the cookie's landing, every value checked again as when it was made; null when it is none or not one */
export function decodeLanding(value: unknown, now: number): Landing | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return null
  let short: unknown
  try {
    short = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!short || typeof short !== 'object' || Array.isArray(short)) return null
  const read = short as Record<string, unknown>
  const at = read.a
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0 || at > now + CLOCK_SKEW_MS) return null
  const referrer = typeof read.r === 'string' ? externalReferrer(read.r, []) : null
  return {
    source: cleanTag(read.s),
    medium: cleanTag(read.m),
    campaign: cleanTag(read.c),
    term: cleanTag(read.t),
    content: cleanTag(read.n),
    fbclid: cleanClickId(read.f),
    gclid: cleanClickId(read.g),
    referrer,
    at,
  }
}

/** what ad tools write in utm_source for the networks (Meta's {{site_source_name}}: fb, ig, msg, an) */
const SOURCE_ALIASES: Record<string, string> = {
  fb: 'facebook',
  'facebook.com': 'facebook',
  ig: 'instagram',
  'instagram.com': 'instagram',
  msg: 'messenger',
  an: 'audience_network',
  wa: 'whatsapp',
  'google.com': 'google',
  adwords: 'google',
  yt: 'youtube',
}

type Referring = { channel: string; medium: 'social' | 'organic' }
/** the sites that send shoppers, by their domains (a subdomain counts as its domain) */
const REFERRING_SITES: [readonly string[], Referring][] = [
  [['facebook.com', 'fb.com', 'fb.me', 'fb.watch'], { channel: 'facebook', medium: 'social' }],
  [['instagram.com'], { channel: 'instagram', medium: 'social' }],
  [['messenger.com', 'm.me'], { channel: 'messenger', medium: 'social' }],
  [['whatsapp.com', 'wa.me'], { channel: 'whatsapp', medium: 'social' }],
  [['youtube.com', 'youtu.be'], { channel: 'youtube', medium: 'social' }],
  [['tiktok.com'], { channel: 'tiktok', medium: 'social' }],
  [['t.co', 'twitter.com', 'x.com'], { channel: 'twitter', medium: 'social' }],
  [['linkedin.com', 'lnkd.in'], { channel: 'linkedin', medium: 'social' }],
  [['pinterest.com'], { channel: 'pinterest', medium: 'social' }],
  [['bing.com'], { channel: 'bing', medium: 'organic' }],
  [['duckduckgo.com'], { channel: 'duckduckgo', medium: 'organic' }],
  [['yahoo.com'], { channel: 'yahoo', medium: 'organic' }],
  [['baidu.com'], { channel: 'baidu', medium: 'organic' }],
]
/** Google's search on any of its country domains (google.com, google.com.bd, google.co.uk …) */
const GOOGLE_SEARCH = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/

function referringSite(host: string): Referring | null {
  if (GOOGLE_SEARCH.test(host)) return { channel: 'google', medium: 'organic' }
  for (const [domains, site] of REFERRING_SITES) {
    if (domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) return site
  }
  return null
}

const lower = (value: string | null) => (value ? value.toLowerCase() : null)

/**
 * The channel an order or a landing is counted under: the campaign's own utm_source (as the ad tools name the
 * networks), else the ad click's network (gclid: Google's ads; fbclid: Facebook's, or Instagram's when Instagram
 * sent it), else the referring site (a social network, a search engine, or any other site by its host), else
 * `direct`.
 */
export function channelOf(landing: Landing | null): Channel {
  if (!landing) return { channel: 'direct', medium: null, campaign: null }
  const campaign = landing.campaign
  const source = lower(landing.source)
  const medium = lower(landing.medium)
  if (source) return { channel: SOURCE_ALIASES[source] ?? source, medium, campaign }
  const host = referrerHost(landing.referrer)
  const site = host ? referringSite(host) : null
  if (landing.gclid) return { channel: 'google', medium: medium ?? 'cpc', campaign }
  if (landing.fbclid) {
    const channel = site?.channel === 'instagram' ? 'instagram' : 'facebook'
    return { channel, medium: medium ?? 'social', campaign }
  }
  if (host) return { channel: site?.channel ?? host, medium: medium ?? site?.medium ?? 'referral', campaign }
  return { channel: 'direct', medium, campaign }
}

/** the order's columns that say where it came from */
type AttributedRow = {
  attribution: unknown
  channel: string | null
  medium: string | null
  campaign: string | null
}

/** where an order came from as the back office shows it; null: taken by hand, or placed before it was kept */
export function orderAttributionOf(row: AttributedRow): OrderAttribution | null {
  if (row.channel === null) return null
  const landing = decodeStored(row.attribution)
  return {
    channel: row.channel,
    medium: row.medium,
    campaign: row.campaign,
    term: landing?.term ?? null,
    content: landing?.content ?? null,
    referrer: landing?.referrer ?? null,
    landedAt: landing ? new Date(landing.at).toISOString() : null,
    clickIds: landing ? (['fbclid', 'gclid'] as const).filter((id) => landing[id]) : [],
  }
}

/** the landing an order stored (jsonb), or null */
function decodeStored(stored: unknown): Landing | null {
  if (!stored || typeof stored !== 'object') return null
  const at = (stored as { at?: unknown }).at
  return typeof at === 'number' ? (stored as Landing) : null
}
