import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The gzip size of the JS the home page loads: its module scripts and modulepreload links. */
export function homeJsGzip(
  distDir: string,
): { files: { path: string; gzip: number }[]; total: number } | null {
  const indexFile = join(distDir, 'index.html')
  if (!existsSync(indexFile)) return null
  const html = readFileSync(indexFile, 'utf8')
  const paths = new Set<string>()
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    paths.add(match[1] as string)
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    paths.add(match[1] as string)
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    paths.add(match[1] as string)
  const files = gzipOfPaths(distDir, [...paths])
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) }
}

/** gzip -9 size of built files, by their URL paths. */
export function gzipOfPaths(staticDir: string, paths: string[]): { path: string; gzip: number }[] {
  return [...new Set(paths)].map((path) => {
    const file = join(staticDir, path)
    return { path, gzip: existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0 }
  })
}
