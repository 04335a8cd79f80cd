// `npm run build` (after the PWA): every hashed script, style sheet and text file of dist/assets/ also as
// brotli (at its best quality) and gzip, next to it. The server sends these to whoever accepts them
// (server/plugins/static-site.ts), instead of compressing the same bytes again on every visit at a quick level.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
/** what compresses: the already-compressed (fonts, pictures) does not */
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest)$/
/** smaller files go as they are (what the server's own compression skips, too) */
const MIN_BYTES = 1024

const folder = join(process.argv[2] ?? 'dist', 'assets')
const files = readdirSync(folder).filter(
  (name) => TEXT.test(name) && statSync(join(folder, name)).size >= MIN_BYTES,
)
let before = 0
let after = 0
await Promise.all(
  files.map(async (name) => {
    const path = join(folder, name)
    const bytes = readFileSync(path)
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ])
    // a compressed copy only where it is smaller
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br)
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz)
    before += bytes.length
    after += Math.min(br.length, bytes.length)
  }),
)
console.log(
  `${files.length} files of ${folder} precompressed: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB as brotli`,
)
