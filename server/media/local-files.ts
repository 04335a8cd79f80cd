import { resolve } from 'node:path'

/** Where product images and their variants are kept on this machine's disk. */
export const mediaDir = (dataDir: string) => resolve(dataDir, 'media')

/** Where shoppers' uploaded photos (review photos) are kept on this machine's disk. */
export const uploadsDir = (dataDir: string) => resolve(dataDir, 'uploads')

/** The image library (native, some megabytes of memory) loads only when an image is to be made or read. */
export const loadSharp = () => import('sharp').then((module) => module.default)
