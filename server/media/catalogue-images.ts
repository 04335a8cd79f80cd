import { createHash } from 'node:crypto'
import type { Metadata } from 'sharp'
import { HttpError } from '../plugins/errors'
import { loadSharp } from './local-files'
import type { MediaStore } from './store'

/** At most this many bytes and pixels in an uploaded image (a phone photo fits; a bomb does not). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_IMAGE_PIXELS = 25_000_000
const acceptedFormats = new Set(['jpeg', 'png', 'webp'])

export const imageTooLarge = (message: string) => new HttpError(413, { file: [message] })
export const unsupportedImage = () =>
  new HttpError(415, { file: ['Only JPEG, PNG or WebP photos can be uploaded'] })

/**
 * Reads an image's header and refuses what is not a JPEG, PNG or WebP (judged from the bytes, never a file
 * name) or is above 25 megapixels, before any pixel is decoded.
 */
export async function checkImage(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message))
      throw imageTooLarge('A photo can be at most 25 megapixels')
    throw unsupportedImage()
  }
  if (!meta.format || !acceptedFormats.has(meta.format)) throw unsupportedImage()
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw imageTooLarge('A photo can be at most 25 megapixels')
  }
  return meta
}

/**
 * What the storefront shows an image as, per use: a product photo is portrait 4:5 (480 × 600, the `xs`
 * variant 160 × 200: src/lib/media.ts); a campaign banner is wide; a logo or category picture is small.
 * Every use gets the `xs` variant the lists and carts read.
 */
export const IMAGE_USES = {
  product: {
    folder: 'products',
    full: { width: 480, height: 600, fit: 'cover' },
    xs: { width: 160, height: 200, fit: 'cover' },
  },
  campaign: {
    folder: 'campaigns',
    full: { width: 1200, height: 400, fit: 'cover' },
    xs: { width: 480, height: 160, fit: 'cover' },
  },
  brand: {
    folder: 'brands',
    full: { width: 320, height: 320, fit: 'inside' },
    xs: { width: 120, height: 120, fit: 'inside' },
  },
  category: {
    folder: 'categories',
    full: { width: 480, height: 480, fit: 'cover' },
    xs: { width: 160, height: 160, fit: 'cover' },
  },
  shop: {
    folder: 'shop',
    full: { width: 512, height: 512, fit: 'inside' },
    xs: { width: 160, height: 160, fit: 'inside' },
  },
} as const
export type ImageUse = keyof typeof IMAGE_USES
export const IMAGE_USE_NAMES = Object.keys(IMAGE_USES) as [ImageUse, ...ImageUse[]]

export type StoredImage = { path: string; width: number; height: number }

/** An image re-encoded for its use, not yet kept: its path is made from the bytes, so it is known before. */
export type EncodedImage = StoredImage & { full: Buffer; xs: Buffer }

/**
 * Re-encodes an image to WebP in the sizes its use needs (no metadata carried over: EXIF and GPS go), and names
 * it by the result's bytes: `products/<hash>.webp` (its small variant `xs/products/<hash>.webp`). Refused as an
 * upload is (413, 415) when it is no photo the shop takes.
 */
export async function encodeCatalogueImage(input: Buffer, use: ImageUse): Promise<EncodedImage> {
  await checkImage(input)
  const sharp = await loadSharp()
  const shape = IMAGE_USES[use]
  const encode = (size: { width: number; height: number; fit: 'cover' | 'inside' }) =>
    sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: size.width,
        height: size.height,
        fit: size.fit,
        withoutEnlargement: size.fit === 'inside',
      })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true })
  let full: Awaited<ReturnType<typeof encode>>
  let xs: Awaited<ReturnType<typeof encode>>
  try {
    ;[full, xs] = await Promise.all([encode(shape.full), encode(shape.xs)])
  } catch {
    throw unsupportedImage()
  }
  const name = createHash('sha256').update(full.data).digest('hex').slice(0, 24)
  return {
    path: `${shape.folder}/${name}.webp`,
    width: full.info.width,
    height: full.info.height,
    full: full.data,
    xs: xs.data,
  }
}

/** Keeps an encoded image and its small variant in the media store. The same image kept twice is one file. */
export async function keepCatalogueImage(media: MediaStore, image: EncodedImage): Promise<StoredImage> {
  await media.put(`xs/${image.path}`, image.xs, 'image/webp')
  await media.put(image.path, image.full, 'image/webp')
  return { path: image.path, width: image.width, height: image.height }
}

/** An image re-encoded for its use (encodeCatalogueImage) and kept in the media store. */
export async function storeCatalogueImage(
  media: MediaStore,
  input: Buffer,
  use: ImageUse,
): Promise<StoredImage> {
  return keepCatalogueImage(media, await encodeCatalogueImage(input, use))
}
