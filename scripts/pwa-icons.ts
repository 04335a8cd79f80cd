/**
 * Renders the install icons and the install-dialog screenshots from public/icons/logo.svg.
 * Run after changing the logo: `npx tsx scripts/pwa-icons.ts`. The PNGs are committed.
 */
import { readFileSync } from 'node:fs'
import sharp from 'sharp'

const root = new URL('../public/', import.meta.url)
const logo = readFileSync(new URL('icons/logo.svg', root))
const teal = '#0f766e'

async function icon(size: number, file: string) {
  await sharp(logo, { density: 384 })
    .resize(size, size)
    .png()
    .toFile(new URL(`icons/${file}`, root).pathname)
}

/** Maskable icons keep the mark inside the 80 % safe zone on a full-bleed background. */
async function maskable(size: number, file: string) {
  const inner = Math.round(size * 0.7)
  const mark = await sharp(logo, { density: 384 }).resize(inner, inner).png().toBuffer()
  await sharp({ create: { width: size, height: size, channels: 4, background: teal } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toFile(new URL(`icons/${file}`, root).pathname)
}

/** A simple branded splash of the storefront, used until real screenshots replace it. */
async function screenshot(width: number, height: number, file: string) {
  const mark = Math.round(Math.min(width, height) * 0.3)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <rect width="100%" height="${Math.round(height * 0.09)}" fill="${teal}"/>
    <text x="50%" y="${Math.round(height * 0.62)}" font-family="sans-serif" font-size="${Math.round(mark / 4)}"
      text-anchor="middle" fill="${teal}">Haat</text>
  </svg>`
  const logoPng = await sharp(logo, { density: 384 }).resize(mark, mark).png().toBuffer()
  await sharp(Buffer.from(svg))
    .composite([{ input: logoPng, top: Math.round(height * 0.25), left: Math.round((width - mark) / 2) }])
    .png()
    .toFile(new URL(`screenshots/${file}`, root).pathname)
}

await icon(192, 'icon-192.png')
await icon(512, 'icon-512.png')
await icon(96, 'shortcut-96.png')
await maskable(192, 'maskable-192.png')
await maskable(512, 'maskable-512.png')
// iOS ignores transparency and rounds corners itself: a full-bleed square.
await maskable(180, 'apple-touch-icon.png')
await screenshot(390, 844, 'narrow.png')
await screenshot(1280, 800, 'wide.png')
