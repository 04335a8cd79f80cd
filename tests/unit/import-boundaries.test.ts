import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise } from 'dependency-cruiser'
import { afterEach, describe, expect, it } from 'vitest'

// The lint's import rules (.dependency-cruiser.cjs), run on a small project planted in a temporary folder:
// a clean one passes, and each kind of violation is caught by its own rule.

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: { name: string }[]
}

/** A project whose arrows all point the right way. */
const clean: Record<string, string> = {
  'src/contract/product.ts': "import { z } from 'zod'\nexport const product = z.object({})\n",
  'src/lib/money.ts': "import type {} from '../contract/product'\nexport const taka = 1\n",
  'src/ui/card.tsx': "import { taka } from '../lib/money'\nexport const card = taka\n",
  'src/features/cart/lines.ts': "import { card } from '../../ui/card'\nexport const lines = card\n",
  'src/features/cart/index.ts': "export { lines } from './lines'\n",
  'src/features/wishlist/index.ts': "import { taka } from '../../lib/money'\nexport const saved = taka\n",
  'src/app/layout.tsx':
    "import { lines } from '../features/cart'\nimport { saved } from '../features/wishlist'\nexport const layout = [lines, saved]\n",
  'src/routes/cart.tsx': "import { layout } from '../app/layout'\nexport const route = layout\n",
  'src/admin/staff-page.tsx': "import { taka } from '../lib/money'\nexport const staffPage = taka\n",
  'src/admin/index.ts': "export { staffPage } from './staff-page'\n",
  'src/routes/admin/$.tsx': "import { staffPage } from '../../admin'\nexport const route = staffPage\n",
  'server/domain/price.ts':
    "import { product } from '../../src/contract/product'\nimport { taka } from '../../src/lib/money'\nexport const price = [product, taka]\n",
  'server/db/schema.ts': 'export const carts = {}\n',
  'server/repositories/carts.ts':
    "import { carts } from '../db/schema'\nimport { price } from '../domain/price'\nexport const cartOf = () => [carts, price]\n",
  'server/routes/cart/index.ts':
    "import { cartOf } from '../../repositories/carts'\nexport const routes = cartOf\n",
  'server/routes/orders/index.ts':
    "import { price } from '../../domain/price'\nexport const routes = price\n",
  'server/domain/errors.ts': 'export const notFound = () => 1\n',
  'server/plugins/errors.ts': 'export const badRequest = () => 1\n',
  'server/couriers/courier.ts': "import { price } from '../domain/price'\nexport const courier = price\n",
  'server/media/store.ts': 'export const store = 1\n',
  'sw/protocol/messages.ts': "export const CACHE = 'haat'\n",
  'sw/sw.ts': "import { CACHE } from './protocol/messages'\nexport const worker = CACHE\n",
  'src/lib/pwa.ts': "import { CACHE } from '../../sw/protocol/messages'\nexport const pwa = CACHE\n",
  'src/admin/shell/status-pages.tsx':
    "import { taka } from '../../lib/money'\nexport const notFoundPage = taka\n",
  'src/admin/products/products-api.ts': 'export const products = 1\n',
  'src/admin/orders/orders-page.tsx':
    "import { staffPage } from '../staff-page'\nimport { notFoundPage } from '../shell/status-pages'\nexport const ordersPage = [staffPage, notFoundPage]\n",
  'vite.config.ts': "import { taka } from './src/lib/money'\nexport default taka\n",
}

/** One planted file (or a change to one) per kind of violation, and the rule that must catch it. */
const violations: [string, string, Record<string, string>][] = [
  [
    'an import cycle',
    'no-cycle',
    {
      'server/domain/a.ts': "import { b } from './b'\nexport const a = () => b\n",
      'server/domain/b.ts': "import { a } from './a'\nexport const b = () => a\n",
    },
  ],
  [
    'a feature importing another feature',
    'no-feature-to-feature',
    { 'src/features/wishlist/index.ts': "import { lines } from '../cart'\nexport const saved = lines\n" },
  ],
  [
    'a deep import into a feature',
    'feature-through-its-index',
    { 'src/app/layout.tsx': "import { lines } from '../features/cart/lines'\nexport const layout = lines\n" },
  ],
  [
    'ui importing a feature',
    'no-upward-from-base',
    { 'src/ui/card.tsx': "import { saved } from '../features/wishlist'\nexport const card = saved\n" },
  ],
  [
    'the messages importing a ui part',
    'i18n-at-the-base',
    {
      'src/i18n/index.ts': "import { card } from '../ui/card'\nexport const t = card\n",
    },
  ],
  [
    'a feature importing the app shell',
    'no-upward-from-features',
    {
      'src/app/header.tsx': 'export const header = 1\n',
      'src/features/cart/lines.ts':
        "import { header } from '../../app/header'\nexport const lines = header\n",
    },
  ],
  [
    'the app shell importing a route',
    'no-upward-from-app',
    { 'src/app/shell.tsx': "import { route } from '../routes/cart'\nexport const shell = route\n" },
  ],
  [
    'the shop importing the back office',
    'admin-through-its-routes',
    { 'src/app/layout.tsx': "import { staffPage } from '../admin'\nexport const layout = staffPage\n" },
  ],
  [
    'the contract importing beyond zod',
    'contract-imports-only-zod',
    {
      'src/contract/order.ts': "import { taka } from '../lib/money'\nexport const order = taka\n",
    },
  ],
  [
    'the server importing a feature',
    'server-imports-only-contract-and-lib',
    {
      'server/domain/cart.ts': "import { lines } from '../../src/features/cart'\nexport const cart = lines\n",
    },
  ],
  [
    'a route reading a table',
    'routes-call-repositories',
    {
      'server/routes/cart/index.ts': "import { carts } from '../../db/schema'\nexport const routes = carts\n",
    },
  ],
  [
    'an API area importing another',
    'no-route-to-route',
    {
      'server/routes/orders/index.ts':
        "import { routes as cart } from '../cart/index'\nexport const routes = cart\n",
    },
  ],
  [
    'a repository importing a route',
    'no-upward-on-server',
    {
      'server/repositories/orders.ts':
        "import { routes } from '../routes/cart/index'\nexport const orders = routes\n",
    },
  ],
  [
    'the domain importing a repository',
    'db-and-domain-at-the-bottom',
    {
      'server/domain/total.ts':
        "import { cartOf } from '../repositories/carts'\nexport const total = cartOf\n",
    },
  ],
  [
    'the build configuration importing the app shell',
    'build-config-takes-pure-modules',
    { 'vite.config.ts': "import { layout } from './src/app/layout'\nexport default layout\n" },
  ],
  [
    'the domain importing a courier',
    'domain-reaches-no-provider',
    {
      'server/domain/shipping.ts':
        "import { courier } from '../couriers/courier'\nexport const shipping = courier\n",
    },
  ],
  [
    'the database importing the media store',
    'db-reaches-no-media',
    { 'server/db/seed.ts': "import { store } from '../media/store'\nexport const seed = store\n" },
  ],
  [
    'a route importing a provider',
    'routes-reach-no-provider-or-database',
    {
      'server/routes/cart/index.ts':
        "import { courier } from '../../couriers/courier'\nexport const routes = courier\n",
    },
  ],
  [
    'a repository throwing an HTTP error',
    'repositories-speak-no-http',
    {
      'server/repositories/carts.ts':
        "import { badRequest } from '../plugins/errors'\nexport const cartOf = () => badRequest\n",
    },
  ],
  [
    'the page importing a module of the service worker',
    'page-reaches-worker-through-protocol',
    { 'src/lib/pwa.ts': "import { worker } from '../../sw/sw'\nexport const pwa = worker\n" },
  ],
  [
    'the service worker importing the page',
    'worker-takes-nothing-of-the-page',
    { 'sw/sw.ts': "import { taka } from '../src/lib/money'\nexport const worker = taka\n" },
  ],
  [
    'the protocol importing the worker',
    'protocol-stands-alone',
    {
      'sw/cache.ts': 'export const cache = 1\n',
      'sw/protocol/messages.ts': "import { cache } from '../cache'\nexport const CACHE = cache\n",
    },
  ],
  [
    'a back-office section importing another',
    'admin-section-to-section',
    {
      'src/admin/orders/orders-page.tsx':
        "import { products } from '../products/products-api'\nexport const ordersPage = products\n",
    },
  ],
]

let folder: string | undefined
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
  folder = undefined
})

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  folder = mkdtempSync(join(tmpdir(), 'haat-imports-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true })
    writeFileSync(join(folder, path), text)
  }
  mkdirSync(join(folder, 'node_modules/zod'), { recursive: true })
  writeFileSync(join(folder, 'node_modules/zod/package.json'), '{"name":"zod","main":"index.js"}')
  writeFileSync(join(folder, 'node_modules/zod/index.js'), 'exports.z = {}\n')
  const result = await cruise(
    ['src', 'server', 'sw', 'vite.config.ts'],
    {
      baseDir: folder,
      validate: true,
      ruleSet: config as never,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.tsx', '.js'] },
  )
  const output = result.output as { summary: { violations: { rule: { name: string } }[] } }
  return [...new Set(output.summary.violations.map((violation) => violation.rule.name))]
}

describe('the import rules of npm run lint', () => {
  it('pass a project whose arrows all point down', async () => {
    expect(await violationsOf(clean)).toEqual([])
  })

  it.each(violations)('catch %s', async (_, rule, planted) => {
    expect(await violationsOf({ ...clean, ...planted })).toEqual([rule])
  })

  it('cover every rule of the configuration', () => {
    expect(new Set(violations.map(([, rule]) => rule))).toEqual(
      new Set(config.forbidden.map((rule) => rule.name)),
    )
  })
})
