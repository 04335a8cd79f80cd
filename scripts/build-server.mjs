// `npm run build` (after the PWA): the API server as plain JavaScript in dist-server/, so production runs
// `node dist-server/main.mjs` with no TypeScript loader in its memory. Dependencies stay in node_modules.
import { cpSync, rmSync } from 'node:fs'
import { build } from 'vite'

/** `node scripts/build-server.mjs [folder]`: dist-server/ unless another folder is named. */
const outDir = process.argv[2] ?? 'dist-server'
rmSync(outDir, { recursive: true, force: true })
await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'server/main.ts',
    outDir,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      output: { format: 'esm', entryFileNames: 'main.mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
})
// migrate.ts finds its SQL next to itself
cpSync('server/db/migrations', `${outDir}/migrations`, { recursive: true })
// the embedded database's thread loads its module from a file next to the server
cpSync('server/db/pglite-worker.mjs', `${outDir}/pglite-worker.mjs`)
console.log(`server built in ${outDir}/`)
