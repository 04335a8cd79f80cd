import { isIP } from 'node:net'
import { z } from 'zod'
import { DEFAULT_SHOP, DEMO_API_KEY } from '../src/contract/common'

/** Everything the server reads from the environment, validated once at start. */
const envSchema = z.object({
  /** production unless said otherwise: `npm start` is safe to expose; `npm run dev` and the tests set their own */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL connection string; PGlite in DATA_DIR when absent */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./.data'),
  REDIS_URL: z.string().optional(),
  API_KEY: z.string().min(8).default(DEMO_API_KEY),
  /** the shop owner's token for /api/v1/admin/**; unset, those routes do not exist */
  ADMIN_TOKEN: z.string().min(12).optional(),
  SHOP: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default(DEFAULT_SHOP),
  /** where the built PWA is; not served when the folder is missing (API only) */
  STATIC_DIR: z.string().default('./dist'),
  FIREBASE_PROJECT_ID: z.string().default('demo-haat'),
  /** the web app's public api key and auth domain, handed to the page (GET /api/v1/config) */
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /**
   * `console` prints each text message on the server's console (a demo can read its one-time codes there);
   * `http` posts to SMS_GATEWAY_URL
   */
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  /**
   * `1`: also keep console messages in the database, readable through GET /api/v1/dev/sms-outbox (tests and
   * `npm run dev` only: it hands every one-time code to anyone who asks, so production refuses it)
   */
  DEV_OUTBOX: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /**
   * Tests only: a catalogue import may fetch photos from loopback and private networks (never the default, and
   * refused in production, where it would let a CSV reach the server's own network)
   */
  IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /**
   * How long a catalogue import waits for one photo named by its web address, redirects and all; a photo not
   * there by then is left out of its product, which is saved as a draft (the check waits as long)
   */
  IMPORT_PHOTO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** the shop's public origin (`https://shop.example.com`): canonical links, Open Graph and JSON-LD use it */
  PUBLIC_URL: z
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /**
   * bKash Tokenized Checkout: the merchant's app key and secret and the API user's name and password. All four
   * set offer bKash at checkout (when the owner has it switched on in the settings). The base URL defaults to
   * bKash's sandbox outside production and must be given in production.
   */
  /**
   * Web push: who the push services may contact about the shop's pushes (the VAPID `sub`, an https address or
   * `mailto:`); PUBLIC_URL when it is https, else a mailto of the shop's own
   */
  PUSH_CONTACT: z
    .string()
    .refine((value) => /^(https:\/\/|mailto:)/.test(value), 'must be an https: or mailto: address')
    .optional(),
  /** how long a push service may take to take one push before it is tried again later */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BKASH_BASE_URL: z.url().optional(),
  BKASH_APP_KEY: z.string().optional(),
  BKASH_APP_SECRET: z.string().optional(),
  BKASH_USERNAME: z.string().optional(),
  BKASH_PASSWORD: z.string().optional(),
  /** how long a bKash call may take before its outcome counts as unknown (then bKash's record is asked) */
  BKASH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /**
   * Pathao Courier's merchant API: the client id and secret, the merchant's login, the store parcels are picked
   * up from, and the secret Pathao signs its webhooks with (the only word of a booking whose answer was lost).
   * All six set offer "Send to Pathao" in the back office. The base URL defaults to Pathao's sandbox outside
   * production and must be given in production.
   */
  PATHAO_BASE_URL: z.url().optional(),
  PATHAO_CLIENT_ID: z.string().optional(),
  PATHAO_CLIENT_SECRET: z.string().optional(),
  PATHAO_USERNAME: z.string().optional(),
  PATHAO_PASSWORD: z.string().optional(),
  PATHAO_STORE_ID: z.coerce.number().int().positive().optional(),
  PATHAO_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Steadfast Courier's API: both keys set offer "Send to Steadfast". The webhook token (the Bearer token typed
   * on Steadfast's webhook page) is optional: without it parcels are followed by polling alone.
   */
  STEADFAST_BASE_URL: z.url().optional(),
  STEADFAST_API_KEY: z.string().optional(),
  STEADFAST_SECRET_KEY: z.string().optional(),
  STEADFAST_WEBHOOK_TOKEN: z.string().optional(),
  /** how long a courier's call may take before its outcome counts as unknown (then the parcel is looked up) */
  COURIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Where the Conversions API and GA4's Measurement Protocol are reached (tests point them at fakes on
   * loopback); the pixel ID, token and secrets themselves are the owner's, in the settings.
   */
  META_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v25.0'),
  GA4_COLLECT_URL: z.url().default('https://www.google-analytics.com/mp/collect'),
  SMS_GATEWAY_URL: z.string().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** generated demo images are kept here between runs (they are the same every time) */
  MEDIA_CACHE_DIR: z.string().optional(),
  /** demo products seeded into a database with no catalogue yet; 0 (a real shop): no demo data or images */
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(600),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (per-address limits): unset trusts
   * none; otherwise the comma-separated addresses or CIDRs of the load balancers. `true` (believe any
   * client's header) is refused: every client could pick its own address.
   */
  TRUST_PROXY: z
    .string()
    .refine((value) => value !== 'true', 'true would let every client choose its address: list the proxies')
    .refine(
      (value) => value === 'false' || value.split(',').every(isProxyAddress),
      "expected the proxies' addresses or CIDRs, separated by commas",
    )
    .optional(),
  /**
   * Orders a guest may place from one client address in an hour (each number also takes at most 5 guest
   * orders a day). Raise it for a shop whose shoppers mostly reach it through one carrier address.
   */
  GUEST_ORDERS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Multiplies what a shopper's client address may do before it is slowed down, whatever the numbers: codes
   * sent and tried, password tries, order lookups, coupon checks, guest reviews. Raise it when many shoppers
   * reach the shop through one carrier address; the limits per number stay as they are.
   */
  PER_ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100).default(1),
  /** an order waiting for an online payment is cancelled (its stock back on sale) this long after it was placed */
  UNPAID_ORDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /**
   * S3-compatible object storage for product images and shoppers' photos, shared by every instance (AWS S3,
   * Cloudflare R2, MinIO, DigitalOcean Spaces, Backblaze B2). Unset S3_BUCKET: a folder in DATA_DIR.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** the storage's address (`https://<account>.r2.cloudflarestorage.com`); unset for AWS itself */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for storage that names buckets in the path (MinIO and most self-hosted ones) */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .transform((value) => value === '1' || value === 'true'),
  /**
   * Where browsers fetch media from directly (a CDN or the bucket's public address, no trailing slash).
   * Read by the build (image addresses in the app) and by the server (its content security policy and the
   * shared-link heads). Unset: the API answers /media/** itself.
   */
  MEDIA_PUBLIC_URL: z
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /**
   * After SIGTERM, how long the server goes on answering while its readiness check says 503, so a load
   * balancer takes it out of rotation before it stops accepting (set it above the balancer's check interval
   * × its fall count).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * How often an instance looks for due jobs (order texts, unpaid orders' expiry, campaigns' start and
   * end). 0: this instance runs none (another does, or a test runs them itself).
   */
  JOB_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  /**
   * How long a job taken by an instance is kept from the others: one that dies while running it leaves
   * the job to be taken again after this. Longer than any job takes.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(300_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The key that seals the secrets the server reads back (staff members' authenticator apps), at least 32
   * random characters, the same on every instance. Unset: a key file made once in DATA_DIR (one machine);
   * required in production with DATABASE_URL, where instances share the database but not a disk.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
})

export type Config = z.infer<typeof envSchema>

function isProxyAddress(part: string): boolean {
  const [address = '', bits, ...rest] = part.trim().split('/')
  if (rest.length) return false
  const version = isIP(address)
  if (!version) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // an empty variable means "not set", so `DATABASE_URL= npm start` falls back to PGlite
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const config = { ...parsed.data, ...overrides }
  if (config.NODE_ENV === 'production' && config.DEV_OUTBOX) {
    throw new Error(
      'Invalid configuration: DEV_OUTBOX hands one-time codes to anyone and is refused in production',
    )
  }
  if (config.NODE_ENV === 'production' && config.IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS) {
    throw new Error(
      'Invalid configuration: IMPORT_PHOTOS_FROM_PRIVATE_NETWORKS would let a CSV reach private networks and is refused in production',
    )
  }
  if (config.S3_BUCKET && !(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  }
  const bkash = [config.BKASH_APP_KEY, config.BKASH_APP_SECRET, config.BKASH_USERNAME, config.BKASH_PASSWORD]
  if (bkash.some(Boolean) && !bkash.every(Boolean)) {
    throw new Error(
      'Invalid configuration: bKash needs BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD',
    )
  }
  if (config.NODE_ENV === 'production' && config.BKASH_APP_KEY && !config.BKASH_BASE_URL) {
    throw new Error("Invalid configuration: give BKASH_BASE_URL (bKash's live address) in production")
  }
  // bKash sends the shopper back to the shop's origin: in production never one taken from a request's Host
  if (config.NODE_ENV === 'production' && config.BKASH_APP_KEY && !config.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration: bKash needs PUBLIC_URL (the shop origin it sends shoppers back to)',
    )
  }
  const pathao = [
    config.PATHAO_CLIENT_ID,
    config.PATHAO_CLIENT_SECRET,
    config.PATHAO_USERNAME,
    config.PATHAO_PASSWORD,
    config.PATHAO_STORE_ID,
    config.PATHAO_WEBHOOK_SECRET,
  ]
  if (pathao.some(Boolean) && !pathao.every(Boolean)) {
    throw new Error(
      'Invalid configuration: Pathao needs PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD, PATHAO_STORE_ID and PATHAO_WEBHOOK_SECRET',
    )
  }
  if (config.NODE_ENV === 'production' && config.PATHAO_CLIENT_ID && !config.PATHAO_BASE_URL) {
    throw new Error("Invalid configuration: give PATHAO_BASE_URL (Pathao's live address) in production")
  }
  const steadfast = [config.STEADFAST_API_KEY, config.STEADFAST_SECRET_KEY]
  if ((steadfast.some(Boolean) || config.STEADFAST_WEBHOOK_TOKEN) && !steadfast.every(Boolean)) {
    throw new Error('Invalid configuration: Steadfast needs STEADFAST_API_KEY and STEADFAST_SECRET_KEY')
  }
  return config
}

/** The TRUST_PROXY setting in the form Fastify takes: false, or the proxies' addresses. */
export function trustProxySetting(value: string | undefined): false | string[] {
  if (!value || value === 'false') return false
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

/** How this machine reaches the server (`http://localhost:8080`): the address it listens on, or localhost. */
export function localOrigin(config: Config, port: number = config.PORT): string {
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::'
  const host = wildcard ? 'localhost' : isIP(config.HOST) === 6 ? `[${config.HOST}]` : config.HOST
  return `http://${host}:${port}`
}

/**
 * The shop's address as its pages' canonical links and shared previews name it (and the links shoppers share):
 * PUBLIC_URL, else this machine's localhost. Never a request's Host: a forged one would land in shared links.
 */
export function canonicalOrigin(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`
}

/**
 * Where the links the server sends out point (setup links, payment returns): PUBLIC_URL, else this machine
 * outside production. Never a request's Host, which the sender chooses. Null in production without
 * PUBLIC_URL: nothing may be sent that needs a link.
 */
export function linkOrigin(config: Config): string | null {
  if (config.PUBLIC_URL) return config.PUBLIC_URL
  return config.NODE_ENV === 'production' ? null : localOrigin(config)
}
