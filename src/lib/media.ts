/**
 * Catalogue images live under /media; the small variant of each under /media/xs (storefront §9). A shop that
 * serves media from a CDN or its bucket builds with MEDIA_PUBLIC_URL, and the same paths hang from there.
 */
export type MediaSize = 'xs'

export const MEDIA_ROOT = __MEDIA_URL__

export function mediaUrl(path: string, size?: MediaSize): string {
  const clean = path.trim().replace(/^\/+/, '')
  if (/^https?:\/\//.test(clean)) return clean
  return size ? `${MEDIA_ROOT}/${size}/${clean}` : `${MEDIA_ROOT}/${clean}`
}

/** A product's `thumbnail` is a comma-separated list of image paths (storefront §3). */
export function productImages(thumbnail: string): string[] {
  return thumbnail
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean)
}

/** Sizes of the two variants (portrait 4:5), for `srcset` and layout. */
export const MEDIA_WIDTHS = { xs: 160, full: 480 } as const
export const MEDIA_HEIGHTS = { xs: 200, full: 600 } as const

/** The two variants for `srcset`: a product photo's by default, or another use's widths (a banner: 480, 1200). */
export function imageSrcSet(
  path: string,
  xs: number = MEDIA_WIDTHS.xs,
  full: number = MEDIA_WIDTHS.full,
): string {
  return `${mediaUrl(path, 'xs')} ${xs}w, ${mediaUrl(path)} ${full}w`
}

/** Small image variant of a catalogue path (storefront §9): cart and wish list lines. */
export function xsImage(path: string): string {
  return path ? mediaUrl(path, 'xs') : ''
}
