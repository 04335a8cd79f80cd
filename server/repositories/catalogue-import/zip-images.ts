import yauzl from 'yauzl'
import { IMPORT_MAX_ZIP_ENTRIES, IMPORT_MAX_ZIP_UNPACKED_BYTES } from '../../../src/contract/admin-import'
import { MAX_PRODUCT_IMAGES } from '../../../src/contract/admin-product'
import { MAX_IMAGE_BYTES, storeCatalogueImage } from '../../media/catalogue-images'
import type { FetchImageOptions } from '../../media/fetch-image'
import { isMediaKey, type MediaStore } from '../../media/store'
import { GroupFailure } from './groups'
import { type WebPhotos, webPhoto, webPhotos } from './web-photos'

/**
 * The images of a product group: the ZIP's entries by name, media paths checked once, and the photos named by
 * their web address; `stored` keeps what each ZIP file became, so it is stored once.
 */
export type ImageSource = {
  zip: yauzl.ZipFile | null
  entries: Map<string, yauzl.Entry>
  stored: Map<string, string>
  known: Map<string, boolean>
  web: WebPhotos
}

/** How photos named by their web address are fetched: from where, and how long each may take. */
export type FetchSettings = Pick<FetchImageOptions, 'allowPrivate' | 'timeoutMs'>

/** The images of an import without a ZIP: paths of the media store, and web addresses. */
export const noZipImages = ({ allowPrivate = false, timeoutMs }: FetchSettings): ImageSource => ({
  zip: null,
  entries: new Map(),
  stored: new Map(),
  known: new Map(),
  web: webPhotos({ maxBytes: MAX_IMAGE_BYTES, timeoutMs, allowPrivate }),
})

/** Why an images ZIP is refused before its import starts. */
export class ZipRefused extends Error {}

/**
 * The import's ZIP, opened and its entries listed; ZipRefused when it is not a readable ZIP or holds more
 * than a shop's photos (IMPORT_MAX_ZIP_ENTRIES files, IMPORT_MAX_ZIP_UNPACKED_BYTES unpacked): the count is
 * read from the ZIP's last record, before any entry is.
 */
export async function openZipImages(path: string, fetching: FetchSettings): Promise<ImageSource> {
  let zip: yauzl.ZipFile | null = null
  try {
    zip = await openZip(path)
    if (zip.entryCount > IMPORT_MAX_ZIP_ENTRIES) throw new ZipRefused(TOO_MANY_ENTRIES)
    return { ...noZipImages(fetching), zip, entries: await zipEntries(zip) }
  } catch (error) {
    zip?.close()
    if (error instanceof ZipRefused) throw error
    throw new ZipRefused('The images file is not a readable ZIP')
  }
}

const TOO_MANY_ENTRIES = 'The images ZIP can hold at most 10,000 files'
const TOO_LARGE_UNPACKED = 'The images ZIP can hold at most 1 GB once unpacked'
const NAMES_TOO_LONG = 'The names and notes of the images ZIP are too long'
/** What the ZIP's directory may say of its files (names, extra fields, comments) in all: 1 KB a file. */
const MAX_DIRECTORY_BYTES = IMPORT_MAX_ZIP_ENTRIES * 1024

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  )
}

async function zipEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>()
  let unpacked = 0
  let described = 0
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      unpacked += entry.uncompressedSize
      described += entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength
      if (unpacked > IMPORT_MAX_ZIP_UNPACKED_BYTES) return reject(new ZipRefused(TOO_LARGE_UNPACKED))
      if (described > MAX_DIRECTORY_BYTES) return reject(new ZipRefused(NAMES_TOO_LONG))
      if (!entry.fileName.endsWith('/')) {
        entries.set(entry.fileName, entry)
        const base = entry.fileName.split('/').pop() ?? entry.fileName
        if (!entries.has(base)) entries.set(base, entry)
      }
      zip.readEntry()
    })
    zip.on('end', () => resolve())
    zip.on('error', reject)
    zip.readEntry()
  })
  return entries
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, async (error, stream) => {
      if (error) return reject(error)
      const chunks: Buffer[] = []
      let bytes = 0
      try {
        for await (const chunk of stream) {
          bytes += (chunk as Buffer).length
          if (bytes > MAX_IMAGE_BYTES) throw new Error('too large')
          chunks.push(chunk as Buffer)
        }
        resolve(Buffer.concat(chunks))
      } catch (failure) {
        stream.destroy()
        reject(failure)
      }
    }),
  )
}

async function mediaExists(media: MediaStore, images: ImageSource, key: string): Promise<boolean> {
  const known = images.known.get(key)
  if (known !== undefined) return known
  const file = await media.get(key)
  file?.body.destroy()
  images.known.set(key, file !== null)
  return file !== null
}

/**
 * What a product's `images` cell became: the media paths, and the photos left out: the web addresses that gave
 * no photo, and (`kept`: the product is not the worse for it) those past the photos a product keeps.
 */
export type ResolvedImages = {
  paths: string[]
  missing: { address: string; message: string; kept?: boolean }[]
}

/** A photo named by its web address rather than a file of the ZIP or the media store. */
export const WEB_ADDRESS = /^https?:\/\//i

const TOO_MANY_PHOTOS = `A product keeps at most ${MAX_PRODUCT_IMAGES} photos: this one is left out`

/**
 * The image paths a product's cell names: its current images and files of the media store as they are,
 * the ZIP's files stored (content-addressed: a file stored before is the same path), web addresses fetched
 * (one that gives no photo is left out, and said why). A dry run checks the ZIP's files and fetches the web's.
 */
export async function resolveImages(
  media: MediaStore,
  cells: string[],
  current: string[],
  images: ImageSource,
  dryRun: boolean,
  row: number,
  code: string,
): Promise<ResolvedImages> {
  const paths: string[] = []
  const missing: ResolvedImages['missing'] = []
  for (const cell of cells) {
    // past the photos a product keeps (as the editor has it), a cell is neither fetched nor stored
    if (new Set(paths).size >= MAX_PRODUCT_IMAGES) {
      missing.push({ address: cell, message: TOO_MANY_PHOTOS, kept: true })
      continue
    }
    if (current.includes(cell)) {
      paths.push(cell)
      continue
    }
    const entry = images.entries.get(cell)
    if (entry && images.zip) {
      if (dryRun) {
        if (entry.uncompressedSize > MAX_IMAGE_BYTES) {
          throw new GroupFailure(row, code, 'images', `The photo ${cell} is above 5 MB`)
        }
        paths.push(cell)
        continue
      }
      let path = images.stored.get(cell)
      if (!path) {
        try {
          path = (await storeCatalogueImage(media, await readEntry(images.zip, entry), 'product')).path
        } catch {
          throw new GroupFailure(
            row,
            code,
            'images',
            `The photo ${cell} is not a JPEG, PNG or WebP of at most 5 MB`,
          )
        }
        images.stored.set(cell, path)
      }
      paths.push(path)
      continue
    }
    if (WEB_ADDRESS.test(cell)) {
      const photo = await webPhoto(media, cell, images.web, dryRun, row, code)
      if ('path' in photo) paths.push(photo.path)
      else missing.push({ address: cell, message: photo.missing })
      continue
    }
    if (isMediaKey(cell) && (await mediaExists(media, images, cell))) {
      paths.push(cell)
      continue
    }
    throw new GroupFailure(row, code, 'images', `The photo ${cell} is not in the ZIP`)
  }
  // two addresses of the same photo are one photo of the product
  return { paths: [...new Set(paths)], missing }
}
