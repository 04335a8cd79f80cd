import { resolve } from 'node:path'

/** Where product images, their variants and shoppers' photos are kept on this machine's disk (no S3). */
export const mediaDir = (dataDir: string) => resolve(dataDir, 'media')

/** Where shoppers' photos were kept before they moved into the media folder (`uploads/` in it). */
export const uploadsDir = (dataDir: string) => resolve(dataDir, 'uploads')

/** The image library (native, some megabytes of memory) loads only when an image is to be made or read. */
export const loadSharp = () => import('sharp').then((module) => module.default)
