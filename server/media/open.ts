import { existsSync, mkdirSync, renameSync } from 'node:fs'
import type { Config } from '../config'
import { folderStore } from './folder-store'
import { mediaDir, uploadsDir } from './local-files'
import type { MediaStore } from './store'

/**
 * The media store the configuration names: the S3 bucket when S3_BUCKET is set, otherwise the folder
 * DATA_DIR/media (shoppers' photos under uploads/ in it; a folder from before, DATA_DIR/uploads, is moved in).
 * The S3 client (several MB of the server's memory) loads only when a bucket is configured.
 */
export async function openMediaStore(config: Config): Promise<MediaStore> {
  if (config.S3_BUCKET) {
    const { s3Store } = await import('./s3-store')
    return s3Store({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    })
  }
  const root = mediaDir(config.DATA_DIR)
  const earlier = uploadsDir(config.DATA_DIR)
  const photos = `${root}/uploads`
  if (existsSync(earlier) && !existsSync(photos)) {
    mkdirSync(root, { recursive: true })
    renameSync(earlier, photos)
  }
  return folderStore(root)
}
