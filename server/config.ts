import { z } from 'zod'
import { DEFAULT_SHOP, DEMO_API_KEY } from '../src/contract/common'

/** Everything the server reads from the environment, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_GATEWAY_URL: z.string().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** generated demo images are kept here between runs (they are the same every time) */
  MEDIA_CACHE_DIR: z.string().optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(600),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (per-IP rate limits): unset trusts
   * none, `true` trusts any, otherwise comma-separated addresses/CIDRs of the load balancers.
   */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Config = z.infer<typeof envSchema>

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // an empty variable means "not set", so `DATABASE_URL= npm start` falls back to PGlite
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  return { ...parsed.data, ...overrides }
}

/** The TRUST_PROXY setting in the form Fastify takes. */
export function trustProxySetting(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}
