import { readFileSync } from 'node:fs'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'))
/** ties the persisted query cache to one build: a new release never reads an old cache shape */
const buildId = process.env.HAAT_BUILD_ID ?? new Date().toISOString()
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8787}`

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // the icons are already in the precache through globPatterns
      includeManifestIcons: false,
      injectManifest: {
        // The whole app shell, every lazily loaded route chunk included, so any page opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webp}'],
        // Install-dialog screenshots are only ever shown by the browser's install UI.
        globIgnores: ['**/screenshots/**'],
        // Above the 2 MiB default: workbox skips a larger file with only a warning, and a chunk
        // missing from the precache is a page that cannot open offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/storage': apiTarget, '/media': apiTarget },
  },
})
