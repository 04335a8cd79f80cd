import type { MarketingSettings } from '../../src/contract/settings'

export type TagSources = { script: string[]; img: string[]; connect: string[] }

/**
 * What the page's Content-Security-Policy must allow for the tags the owner switched on, and nothing for
 * those switched off. Meta's pixel loads from connect.facebook.net (fbevents.js and the pixel's config) and
 * sends to www.facebook.com/tr (a beacon, a fetch or an image); gtag loads from Google Tag Manager and sends
 * to Google Analytics' collection hosts, as Google's CSP guide lists them.
 */
export function tagSources(tags: Pick<MarketingSettings, 'metaPixelId' | 'ga4MeasurementId'>): TagSources {
  const sources: TagSources = { script: [], img: [], connect: [] }
  if (tags.metaPixelId) {
    sources.script.push('https://connect.facebook.net')
    sources.img.push('https://www.facebook.com')
    sources.connect.push('https://www.facebook.com')
  }
  if (tags.ga4MeasurementId) {
    sources.script.push('https://*.googletagmanager.com')
    sources.img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com')
    sources.connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    )
  }
  return sources
}
