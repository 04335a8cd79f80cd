import { defineConfig } from 'vitest/config'
import { i18nMessages } from './scripts/messages'

const postgres = Boolean(process.env.DATABASE_URL)

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test') },
  plugins: [i18nMessages()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
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
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
