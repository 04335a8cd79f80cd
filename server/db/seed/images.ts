import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import type { OutputInfo } from 'sharp'
import { loadSharp } from '../../media/local-files'
import { colourHex, type Garment } from './catalogue-data'
import { garmentSvg } from './garments'
import { plannedImages } from './image-plan'

export const XS_WIDTH = 160

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

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

async function place(source: Buffer | string, target: string) {
  await mkdir(dirname(target), { recursive: true })
  if (typeof source === 'string') await copyFile(source, target)
  else await writeFile(target, source)
}

export type ImageReport = { rendered: number; copied: number; kept: number }

/**
 * Makes sure every catalogue image and its `xs` variant exist under mediaDir: kept when present,
 * copied from cacheDir when it has them, rendered otherwise (and then saved into cacheDir too).
 */
export async function ensureImages(mediaDir: string, cacheDir?: string): Promise<ImageReport> {
  const report: ImageReport = { rendered: 0, copied: 0, kept: 0 }
  const groups = new Map<string, ReturnType<typeof plannedImages>>()
  for (const item of plannedImages()) {
    const key = `${item.leafSlug}/${item.colour}`
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  const queue = [...groups.values()]
  const handleGroup = async (items: ReturnType<typeof plannedImages>) => {
    const missing = []
    for (const item of items) {
      const full = join(mediaDir, item.path)
      const xs = join(mediaDir, 'xs', item.path)
      if ((await exists(full)) && (await exists(xs))) {
        report.kept += 1
        continue
      }
      if (
        cacheDir &&
        (await exists(join(cacheDir, item.path))) &&
        (await exists(join(cacheDir, 'xs', item.path)))
      ) {
        await place(join(cacheDir, item.path), full)
        await place(join(cacheDir, 'xs', item.path), xs)
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
      const targets = [join(mediaDir, item.path), ...(cacheDir ? [join(cacheDir, item.path)] : [])]
      const smallTargets = [
        join(mediaDir, 'xs', item.path),
        ...(cacheDir ? [join(cacheDir, 'xs', item.path)] : []),
      ]
      for (const target of targets) await place(image, target)
      for (const target of smallTargets) await place(small, target)
      report.rendered += 1
    }
  }
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) await handleGroup(group)
  }
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker))
  return report
}
