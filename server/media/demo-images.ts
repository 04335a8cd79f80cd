import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import type { OutputInfo } from 'sharp'
import { colourHex, type Garment } from '../db/seed/catalogue-data'
import { garmentSvg } from '../db/seed/garments'
import { plannedImages } from '../db/seed/image-plan'
import { loadSharp } from './local-files'
import type { MediaStore } from './store'

export const XS_WIDTH = 160

const WIDTH = 480
const HEIGHT = 600
const webp = { quality: 76, effort: 2 }

/** The three views of one garment colour: front, back, and a close-up cut from the front. */
async function renderViews(garment: Garment, hex: string): Promise<Record<string, Buffer>> {
  const sharp = await loadSharp()
  const raster = (view: 'front' | 'back') =>
    sharp(Buffer.from(garmentSvg(garment, hex, view)))
      .resize(WIDTH, HEIGHT)
      .raw()
      .toBuffer({ resolveWithObject: true })
  const [front, back] = await Promise.all([raster('front'), raster('back')])
  const encode = (image: { data: Buffer; info: OutputInfo }) =>
    sharp(image.data, {
      raw: { width: image.info.width, height: image.info.height, channels: image.info.channels },
    })
  const [frontWebp, backWebp, detailWebp] = await Promise.all([
    encode(front).webp(webp).toBuffer(),
    encode(back).webp(webp).toBuffer(),
    encode(front)
      .extract({ left: WIDTH / 4, top: HEIGHT / 4, width: WIDTH / 2, height: HEIGHT / 2 })
      .resize(WIDTH, HEIGHT)
      .webp(webp)
      .toBuffer(),
  ])
  return { front: frontWebp, back: backWebp, detail: detailWebp }
}

async function cached(cacheDir: string | undefined, path: string): Promise<Buffer | null> {
  if (!cacheDir) return null
  try {
    return await readFile(join(cacheDir, path))
  } catch {
    return null
  }
}

async function keep(cacheDir: string | undefined, path: string, data: Buffer) {
  if (!cacheDir) return
  await mkdir(dirname(join(cacheDir, path)), { recursive: true })
  await writeFile(join(cacheDir, path), data)
}

export type ImageReport = { rendered: number; copied: number; kept: number }

/**
 * Makes sure every catalogue image and its `xs` variant are in the media store (a folder or a bucket):
 * kept when present, copied from cacheDir (a folder on this machine) when it has them, rendered otherwise
 * (and then saved into cacheDir too).
 */
export async function ensureImages(store: MediaStore, cacheDir?: string): Promise<ImageReport> {
  const report: ImageReport = { rendered: 0, copied: 0, kept: 0 }
  const present = await store.keys()
  const groups = new Map<string, ReturnType<typeof plannedImages>>()
  for (const item of plannedImages()) {
    const key = `${item.leafSlug}/${item.colour}`
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  const queue = [...groups.values()]
  const handleGroup = async (items: ReturnType<typeof plannedImages>) => {
    const missing = []
    for (const item of items) {
      const xsPath = `xs/${item.path}`
      if (present.has(item.path) && present.has(xsPath)) {
        report.kept += 1
        continue
      }
      const [full, xs] = await Promise.all([cached(cacheDir, item.path), cached(cacheDir, xsPath)])
      if (full && xs) {
        // the small one first: the full-size key is what marks the pair as stored
        await store.put(xsPath, xs, 'image/webp')
        await store.put(item.path, full, 'image/webp')
        report.copied += 1
        continue
      }
      missing.push(item)
    }
    const first = missing[0]
    if (!first) return
    const sharp = await loadSharp()
    const views = await renderViews(first.garment as Garment, colourHex[first.colour] ?? '#888888')
    for (const item of missing) {
      const image = views[item.view] as Buffer
      const small = await sharp(image).resize({ width: XS_WIDTH }).webp({ quality: 70, effort: 2 }).toBuffer()
      await store.put(`xs/${item.path}`, small, 'image/webp')
      await store.put(item.path, image, 'image/webp')
      await keep(cacheDir, `xs/${item.path}`, small)
      await keep(cacheDir, item.path, image)
      report.rendered += 1
    }
  }
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) await handleGroup(group)
  }
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker))
  return report
}
