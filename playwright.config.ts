import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4300)
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`
/** The API server built for this run (its own folder, so runs on other ports never share one). */
const serverDir = `.tmp/e2e-server-${port}`
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const launchOptions = { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs }

/**
 * The Firebase Auth emulator that Google sign-in goes through: firebase.json's settings (which name the default
 * run's ports), with ports that follow the app's so runs on different ports never share one.
 */
const authEmulatorHost = `127.0.0.1:${port + 45}`
const authEmulatorConfig = `.tmp/firebase-${port}.json`
/** bKash's API as the run's payment gateway: a fake of it on loopback (tests/fakes/bkash.ts) */
const bkashPort = port + 48
/** Pathao's merchant API as the run's courier: a fake of it on loopback, posting its webhooks to the app */
const pathaoPort = port + 52
/** Meta's Graph API, where the server sends the Conversions API's purchases: a fake of it on loopback */
const metaGraphPort = port + 49
const authEmulatorSettings = JSON.stringify({
  emulators: {
    auth: { host: '127.0.0.1', port: port + 45 },
    hub: { host: '127.0.0.1', port: port + 46 },
    logging: { host: '127.0.0.1', port: port + 47 },
    ui: { enabled: false },
    singleProjectMode: true,
  },
})

/**
 * The back office's journeys that change the shop for everyone (products, campaigns and the home page, menus,
 * settings, an import of hundreds of products). Every run shares one database, so they run after the shoppers'
 * journeys, which count menu items, read the footer's phones and take the newest products.
 */
const SHOP_CHANGES =
  /(pixel-consent|admin-(catalogue(-owner)?|campaigns|content|home-builder|settings|import(-other-shops)?|orders(-print|-edit|-take)?|customers-(reviews|guests|import)|dashboard|coupons|promotions|feeds|payments|couriers|order-reasons)|shop-name|product-chat-share|attribution)\.spec\.ts$/

/**
 * The owner's journey that renames the shop and scans every page for the old name, then names it back: once, on
 * the phone, so that no other run of it reads the name it puts back.
 */
const SHOP_NAME = /shop-name\.spec\.ts$/

/**
 * The owner's journey that moves a shop in from Shopify and WooCommerce (a hundred products, their photos
 * served by the test): once, on the phone, as its products are the same every run.
 */
const OTHER_SHOPS_IMPORT = /admin-import-other-shops\.spec\.ts$/

/**
 * The journey that switches the shop's chat buttons on and off: once, on the phone, with a desktop browser of
 * its own, so that no other run switches them meanwhile.
 */
const CHAT_TO_ORDER = /product-chat-share\.spec\.ts$/

/** The owner's journey that brings customers in from a Shopify export: once, on a desktop. */
const CUSTOMERS_IMPORT = /admin-customers-import\.spec\.ts$/

/** A shopper from a Facebook ad buys and the owner reads where the order came from: once, on a desktop. */
const ATTRIBUTION = /attribution\.spec\.ts$/

/**
 * The journey that switches Meta's pixel on for the whole shop (and off again): once, on a desktop, after the
 * shoppers' journeys, so no other shopper meets its consent banner.
 */
const PIXEL = /pixel-consent\.spec\.ts$/

/**
 * What the service worker and the manifest do whatever the screen (installability, the storage budget, the
 * update flow): once, on the phone the shop is made for.
 */
const SCREEN_FREE = /pwa-(install|storage|update)\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: SHOP_CHANGES,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'desktop',
      testIgnore: [SHOP_CHANGES, SCREEN_FREE],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    // the owner's journeys change what every shopper sees: they run once the shoppers' journeys are done
    {
      name: 'mobile-owner',
      testMatch: SHOP_CHANGES,
      testIgnore: [CUSTOMERS_IMPORT, ATTRIBUTION, PIXEL],
      dependencies: ['mobile', 'desktop'],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'desktop-owner',
      testMatch: SHOP_CHANGES,
      testIgnore: [SHOP_NAME, OTHER_SHOPS_IMPORT, CHAT_TO_ORDER],
      dependencies: ['mobile', 'desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: [
    {
      // No readiness url: Playwright starts these one after another and waits on each url, so the emulator's
      // slow start (10–80 s, all CPU) overlaps the app's instead of adding to it; the sign-in spec waits for it.
      command: `mkdir -p .tmp && printf '%s' '${authEmulatorSettings}' > ${authEmulatorConfig} && firebase emulators:start --config ${authEmulatorConfig} --only auth --project demo-haat`,
      stdout: 'ignore',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      // no message-of-the-day or update checks over the network
      env: { CI: '1', NO_UPDATE_NOTIFIER: '1' },
    },
    {
      command: `npx tsx tests/fakes/bkash-main.ts --port ${bkashPort}`,
      url: `http://127.0.0.1:${bkashPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `npx tsx tests/fakes/pathao.ts --port ${pathaoPort} --webhook-url http://127.0.0.1:${port}/api/v1/couriers/pathao/webhook`,
      url: `http://127.0.0.1:${pathaoPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `npx tsx tests/fakes/meta-graph.ts --port ${metaGraphPort}`,
      url: `http://127.0.0.1:${metaGraphPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The built app and the real API, built as `npm start` builds it, on a fresh embedded database for each run;
      // a copy of its console, where the first owner's one-time link is printed (tests/e2e/admin-support.ts)
      command: `node scripts/build-server.mjs ${serverDir} && rm -rf ${dataDir} && node ${serverDir}/main.mjs | tee ${dataDir}-console.log`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
        MEDIA_CACHE_DIR: '.tmp/media-cache',
        NODE_ENV: 'test',
        DEV_OUTBOX: '1',
        // every shopper of the run orders from the one loopback address
        GUEST_ORDERS_PER_ADDRESS_HOUR: '500',
        PER_ADDRESS_LIMIT_FACTOR: '20',
        LOG_LEVEL: 'warn',
        // the import's photos come from the test's own server on loopback; one of them never answers
        IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS: '1',
        IMPORT_PHOTO_TIMEOUT_MS: '3000',
        DATABASE_URL: '',
        REDIS_URL: '',
        ADMIN_TOKEN: 'e2e-admin-token',
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
        // the fake's merchant (tests/fakes/bkash.ts FAKE_BKASH_CREDENTIALS)
        BKASH_BASE_URL: `http://127.0.0.1:${bkashPort}/v1.2.0-beta`,
        BKASH_APP_KEY: 'fake-app-key-4f6o0cjiki2rfm',
        BKASH_APP_SECRET: 'fake-app-secret-2is7hdktrekvrb',
        BKASH_USERNAME: 'fakeTokenizedUser01',
        BKASH_PASSWORD: 'fakeTokenizedUser01@12345',
        // the fake Pathao's merchant (tests/fakes/pathao.ts FAKE_PATHAO)
        PATHAO_BASE_URL: `http://127.0.0.1:${pathaoPort}`,
        PATHAO_CLIENT_ID: 'haat-fake-client',
        PATHAO_CLIENT_SECRET: 'fake-client-secret-7f3a9e',
        PATHAO_USERNAME: 'shop@haat.test',
        PATHAO_PASSWORD: 'fake-password-91c2d4',
        PATHAO_STORE_ID: '5501',
        PATHAO_WEBHOOK_SECRET: 'fake-webhook-secret-c41d8b',
        META_GRAPH_URL: `http://127.0.0.1:${metaGraphPort}`,
      },
    },
  ],
})
