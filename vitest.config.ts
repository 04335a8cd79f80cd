import { defineConfig } from 'vitest/config'
import { i18nMessages } from './scripts/messages'

const postgres = Boolean(process.env.DATABASE_URL)

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test'), __MEDIA_URL__: JSON.stringify('/media') },
  plugins: [i18nMessages()],
  test: {
    // both cores: by default Vitest keeps one free, and the server files (each on its own database) would run
    // one at a time while PostgreSQL and the other core wait
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // a file that needs a browser names happy-dom in its first line
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // *.postgres.test.ts: what only a real PostgreSQL can show, run by server-postgres alone
          exclude: ['tests/server/**/*.postgres.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/server/global-setup.ts'],
          // the files share their worker's modules (the app is imported once per worker, not once per file):
          // each file builds its own app over its own database, and server code keeps no state of its own
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Every server test runs again on real PostgreSQL when DATABASE_URL is set.
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                environment: 'node',
                include: ['tests/server/**/*.test.ts'],
                // these start the server as `npm start` does, on its embedded database, whatever TEST_DB says:
                // a second run would only repeat the first
                exclude: ['tests/server/server-process.test.ts', 'tests/server/server-drain.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup: ['tests/server/global-setup.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // `npm run test:cluster` (tests/cluster/run.ts): two built servers behind HAProxy, over PostgreSQL and Redis.
      // Each file starts its own cluster; files run one after another, as they kill and restart instances.
      ...(postgres && process.env.REDIS_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'cluster',
                environment: 'node',
                include: ['tests/cluster/**/*.test.ts'],
                globalSetup: ['tests/cluster/global-setup.ts'],
                fileParallelism: false,
                testTimeout: 180_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
    ],
  },
})
