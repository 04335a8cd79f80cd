import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { i18nMessages } from './scripts/messages'
import { INLINE_SCRIPT_HASHES, inlineScriptSources } from './server/plugins/security-headers'
import { API_KEY_HEADER, DEFAULT_SHOP, DEMO_API_KEY } from './src/contract/common'
import { listingPageSize } from './src/features/catalog/listing-search'
import { homeSections } from './src/features/home/sections'
import {
  type EarlySettings,
  earlyRequestKey,
  SAVED_CACHE_MARK,
  startEarlyRequests,
} from './src/lib/early-requests'
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './src/lib/language'
import { scopeFilters } from './src/lib/listing-scope'

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'))
/** ties the persisted query cache to one build: a new release never reads an old cache shape */
const buildId = process.env.HAAT_BUILD_ID ?? new Date().toISOString()
/** Images from a CDN or the bucket when MEDIA_PUBLIC_URL is set (the server reads the same variable). */
const mediaUrl = process.env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') || '/media'
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8787}`
/** Files only Bangla pages load (see src/i18n/index.ts): the catalogue chunk, its stylesheet and typeface. */
const LANGUAGE_ASSETS = ['**/assets/bangla-*', '**/assets/noto-sans-bengali-*']
/**
 * The back office (src/admin under /admin, its contracts, and the library code only its pages use, such as
 * the router's navigation blocker of its editors, the QR encoder of its invoices, the dashboard's chart): code and styles loaded on
 * demand, which no shopper needs.
 * Its route's entry in the route table stays with the app; the component split from it does not.
 * `scripts/check-bundle.ts` (run by `npm test` after the build) fails when anything of it reaches the
 * shopper's first visit or precache.
 */
const BACK_OFFICE =
  /\/src\/admin\/|\/src\/contract\/(staff|permissions|settings|couriers|admin-[a-z-]+)\.ts$|\/src\/routes\/admin\/.*\?tsr-split=|\/@tanstack\/react-router\/dist\/esm\/useBlocker\.js$|\/node_modules\/uqr\/|\/node_modules\/uplot\//
const BACK_OFFICE_ASSETS = ['**/assets/admin-*']
/** its texts in Bangla (scripts/messages.ts): loaded by the back office alone */
const BACK_OFFICE_MESSAGES = /haat-messages\/[a-z]+\/admin$/
const featureIndex = /\/src\/features\/[^/]+\/index\.ts$/

/** Pages whose code loads on demand, by path (a prefix when it ends in /): loading such a page asks for its code at once. */
const pageModules: [path: string, module: RegExp][] = [
  ['/category/', /\/src\/features\/catalog\/scoped-listing-page\.tsx$/],
  ['/brand/', /\/src\/features\/catalog\/scoped-listing-page\.tsx$/],
  ['/flash-deal/', /\/src\/features\/catalog\/scoped-listing-page\.tsx$/],
  ['/search', /\/src\/routes\/search\.tsx\?tsr-split=component$/],
  ['/product/', /\/src\/routes\/product\/\$slug\.tsx\?tsr-split=component$/],
]

/** The module of Bangla's catalogue and typeface (src/i18n/bangla.ts), loaded before a Bangla page's first render. */
const banglaModule = /\/src\/i18n\/bangla\.ts$/

/**
 * An inline script in index.html that, on a page listed in `pageModules`, preloads that page's chunks
 * (and their styles) while the app's own scripts download, instead of one round trip after they ran; a
 * page that will open in Bangla preloads Bangla's catalogue and stylesheet the same way.
 */
function preloadPageChunks(): Plugin {
  return {
    name: 'preload-page-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const startup = new Set([...html.matchAll(/\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]))
        const filesOf = (module: RegExp) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId))
          const files = new Set<string>()
          const visit = (fileName: string) => {
            const chunk = chunks.find((candidate) => candidate.fileName === fileName)
            if (!chunk || startup.has(fileName) || files.has(fileName)) return
            files.add(fileName)
            for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
            chunk.imports.forEach(visit)
          }
          if (page) visit(page.fileName)
          return [...files].map((file) => `/${file}`)
        }
        const pages = pageModules.map(([prefix, module]) => [prefix, filesOf(module)])
        const bangla = filesOf(banglaModule)
        const language = `(()=>{let s=null;try{s=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch{}return(${pickLanguage})(location.search,s,navigator.languages||[navigator.language])})()`
        const script = `{const a=h=>{const l=document.createElement('link');l.rel=h.endsWith('.css')?'preload':'modulepreload';if(h.endsWith('.css'))l.as='style';l.href=h;l.crossOrigin='';document.head.append(l)};const p=location.pathname;for(const[k,f]of ${JSON.stringify(pages)})if(p===k||(k.endsWith('/')&&p.startsWith(k)))f.forEach(a);if(${language}==='bn')${JSON.stringify(bangla)}.forEach(a)}`
        // before the app's scripts and styles: an inline script runs only once the styles above it have loaded
        return html.replace('<script type="module"', `<script>${script}</script>\n    <script type="module"`)
      },
    },
  }
}

/**
 * An inline script in index.html that asks for a first visit's data (home, listings, search) while the
 * app's scripts download (src/lib/early-requests.ts); the functions are copied in as their source.
 */
function earlyRequests(): Plugin {
  let settings: EarlySettings | undefined
  return {
    name: 'early-requests',
    apply: 'build',
    configResolved(config) {
      settings = {
        apiKeyHeader: API_KEY_HEADER,
        apiKey: config.env.VITE_API_KEY ?? DEMO_API_KEY,
        shop: config.env.VITE_SHOP ?? DEFAULT_SHOP,
        perPage: listingPageSize(),
        savedCacheMark: SAVED_CACHE_MARK,
        keepMs: 20_000,
        languageStorageKey: LANGUAGE_STORAGE_KEY,
      }
    },
    transformIndexHtml: {
      order: 'post',
      // before the styles: an inline script waits for the styles above it
      handler: (html) =>
        html.replace(
          '<script type="module"',
          `<script>(${startEarlyRequests})(${JSON.stringify(settings)},${earlyRequestKey},${homeSections},${scopeFilters},${pickLanguage},window)</script>\n    <script type="module"`,
        ),
    },
  }
}

/**
 * The sha256 sources of index.html's inline scripts (this file's two, and the colour scheme's), written
 * next to it for the server's Content-Security-Policy, which allows those and no other inline script.
 * Hashed from the written file, after every plugin has had its say.
 */
function inlineScriptHashes(): Plugin {
  return {
    name: 'inline-script-hashes',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      if (!options.dir || !('index.html' in bundle)) return
      const html = readFileSync(join(options.dir, 'index.html'), 'utf8')
      const hashes = { scriptSrc: inlineScriptSources(html) }
      writeFileSync(join(options.dir, INLINE_SCRIPT_HASHES), `${JSON.stringify(hashes, null, 2)}\n`)
    },
  }
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId), __MEDIA_URL__: JSON.stringify(mediaUrl) },
  plugins: [
    i18nMessages(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // the home page is where most visits start: its code comes with the app, not one round trip later
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    react(),
    preloadPageChunks(),
    earlyRequests(),
    inlineScriptHashes(),
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
        // Install-dialog screenshots are only ever shown by the browser's install UI. Bangla's catalogue,
        // styles and typeface are cached when Bangla is chosen (src/i18n), not on every shopper's device.
        // The back office is for the shop's staff: no shopper's device downloads it.
        globIgnores: ['**/screenshots/**', ...LANGUAGE_ASSETS, ...BACK_OFFICE_ASSETS],
        // Above the 2 MiB default: workbox skips a larger file with only a warning, and a chunk
        // missing from the precache is a page that cannot open offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore itself: the router's store needs the selector part alone, not
      // the shim for React 17 that the package's shim entry brings along
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // every browser this build targets (es2022) knows modulepreload: no polyfill in the first page's code
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's index.ts only names its public parts: code that uses one part does not load the others
      // (a shell that shows the wish list count does not load the wish list drawer).
      treeshake: { moduleSideEffects: (id) => !featureIndex.test(id) },
      output: {
        // the back office's chunks all say so in their names (its route's entry included): the precache skips them
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => BACK_OFFICE.test(id) || BACK_OFFICE_MESSAGES.test(id))
            ? 'assets/admin-[hash].js'
            : 'assets/[name]-[hash].js',
        // What every page starts with, in two files (libraries, app) rather than a dozen small shared ones:
        // a slow connection pays two requests. Lazily loaded code keeps its own chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /\/node_modules\//, tags: ['$initial'] },
            { name: 'app', test: /\/src\//, tags: ['$initial'] },
            // the back office's own modules only: what it shares with the shop stays where the shop has it
            { name: 'admin', test: BACK_OFFICE, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/storage': apiTarget, '/media': apiTarget },
  },
})
