import { createGzip } from 'node:zlib'
import type { Language } from '../../../src/contract/language'

/** What the sitemaps protocol allows one sitemap file (sitemaps.org): 50,000 URLs and 50 MB uncompressed. */
export const SITEMAP_LIMITS = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 } as const
export type SitemapLimits = { maxUrls: number; maxBytes: number }

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
  'xmlns:xhtml="http://www.w3.org/1999/xhtml" ' +
  'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n'
const URLSET_CLOSE = '</urlset>\n'

/** Text in XML, in an element or an attribute's quotes. */
export const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** A page of the shop in both languages: the English one at `path`, the Bangla one at `path?lang=bn`. */
export type SitemapPage = {
  /** the page's path, `/product/slug` (already encoded) */
  path: string
  lastmod?: Date | null
  /** absolute addresses of the page's pictures */
  images?: string[]
}

/** The page's address in a language, as the pages' own hreflang links say (server/routes/seo/product-head.ts). */
export function pageAddress(origin: string, path: string, language: Language): string {
  if (language === 'en') return `${origin}${path}`
  return `${origin}${path}${path.includes('?') ? '&' : '?'}lang=${language}`
}

/**
 * The page's `<url>` entries, one for each language, each naming both languages and the default (English) as
 * its alternates, as Google reads hreflang in sitemaps.
 */
export function pageEntries(origin: string, page: SitemapPage): string[] {
  const en = escapeXml(pageAddress(origin, page.path, 'en'))
  const bn = escapeXml(pageAddress(origin, page.path, 'bn'))
  const alternates =
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="bn" href="${bn}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`
  const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : ''
  const images = (page.images ?? [])
    .map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`)
    .join('')
  return [en, bn].map((loc) => `<url><loc>${loc}</loc>${lastmod}${alternates}${images}</url>\n`)
}

/** One sitemap file, kept gzipped (crawlers ask for gzip; the 50 MB limit counts the XML itself). */
export type SitemapFile = { gzip: Buffer; urls: number; bytes: number; lastmod: Date | null }

/** A gzip stream and the promise of all it wrote. */
function gzipStream() {
  const gzip = createGzip()
  const out: Buffer[] = []
  const written = new Promise<Buffer>((done, fail) => {
    gzip.on('data', (chunk: Buffer) => out.push(chunk))
    gzip.on('end', () => done(Buffer.concat(out)))
    gzip.on('error', fail)
  })
  return { gzip, written }
}

/**
 * Writes pages into as many sitemap files as the limits ask: a page's entries (its two languages) never
 * straddle two files, and no file passes `maxUrls` entries or `maxBytes` bytes. Entries go into the file's
 * gzip stream as they come: no file's whole XML is ever held at once.
 */
export function sitemapWriter(origin: string, limits: SitemapLimits) {
  const files: Promise<SitemapFile>[] = []
  const fixedBytes = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE)
  let open: ReturnType<typeof gzipStream> | null = null
  // entries go to the gzip stream some 64 KB at a time: one write per entry costs the stream far more
  let pending: string[] = []
  let pendingBytes = 0
  const flush = () => {
    if (open && pending.length > 0) open.gzip.write(pending.join(''))
    pending = []
    pendingBytes = 0
  }
  let urls = 0
  let bytes = fixedBytes
  let lastmod: Date | null = null

  const close = () => {
    if (!open) return
    const file = { urls, bytes, lastmod }
    flush()
    open.gzip.end(URLSET_CLOSE)
    files.push(open.written.then((gzip) => ({ ...file, gzip })))
    open = null
    urls = 0
    bytes = fixedBytes
    lastmod = null
  }

  return {
    add(page: SitemapPage) {
      const entries = pageEntries(origin, page)
      const size = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry), 0)
      if (urls > 0 && (urls + entries.length > limits.maxUrls || bytes + size > limits.maxBytes)) close()
      if (!open) {
        open = gzipStream()
        open.gzip.write(URLSET_OPEN)
      }
      pending.push(...entries)
      pendingBytes += size
      if (pendingBytes >= 64 * 1024) flush()
      urls += entries.length
      bytes += size
      if (page.lastmod && (!lastmod || page.lastmod > lastmod)) lastmod = page.lastmod
    },
    /** the files written, in order */
    async finish(): Promise<SitemapFile[]> {
      close()
      return Promise.all(files)
    },
  }
}

/** The sitemap index: each file's address and the newest `lastmod` of its pages. */
export function sitemapIndex(files: { loc: string; lastmod: Date | null }[]): string {
  const entries = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(file.loc)}</loc>${file.lastmod ? `<lastmod>${file.lastmod.toISOString()}</lastmod>` : ''}</sitemap>\n`,
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('') +
    '</sitemapindex>\n'
  )
}
