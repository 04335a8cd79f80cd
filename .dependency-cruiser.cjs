/**
 * The layers and their arrows (ARCHITECTURE.md, STYLE.md): PWA routes → app → features → ui, lib, state →
 * contract; server routes → repositories → db, domain. Checked by `npm run lint`; the few files still let
 * across a line are named where they are let, each with the move that will free it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle ties modules into one: none anywhere (PWA, server, service worker).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-feature-to-feature',
      comment:
        'A feature does not import another feature: compose them in src/app or a route, pass props or slots, or use a registry in src/lib.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-through-its-index',
      comment: 'A feature is imported only through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/features/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'no-upward-from-base',
      comment: 'ui, lib and state know nothing of features, the app shell or routes.',
      severity: 'error',
      from: { path: '^src/(ui|lib|state)/' },
      to: { path: '^src/(features|app|routes|admin)/' },
    },
    {
      name: 'i18n-at-the-base',
      comment:
        'The messages and their formatting (src/i18n) stand on the language choice (lib/language), money formatting and the contract alone: anything may show a text.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/', pathNot: ['^src/i18n/', '^src/lib/(language|money)\\.ts$', '^src/contract/'] },
    },
    {
      name: 'no-upward-from-features',
      comment: 'Features know nothing of the app shell or the routes that compose them.',
      severity: 'error',
      from: { path: '^src/(features|admin)/' },
      to: { path: '^src/(app|routes)/' },
    },
    {
      name: 'no-upward-from-app',
      comment: 'The app shell is composed by the routes, not the other way round.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'admin-through-its-routes',
      comment:
        'The back office (src/admin) is loaded on demand under /admin: only its own modules and its route files (src/routes/admin*) import it, so no shopper page ever carries its code.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/admin/', '^src/routes/admin'] },
      to: { path: '^src/admin/' },
    },
    {
      name: 'contract-imports-only-zod',
      comment: 'The REST contract is shared with the server: it imports only zod and itself.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: ['^src/contract/', 'node_modules/zod/'] },
    },
    {
      name: 'server-imports-only-contract-and-lib',
      comment: 'The server takes from src only the contract and the pure helpers of src/lib.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(contract|lib)/' },
    },
    {
      name: 'routes-call-repositories',
      comment:
        'Route handlers call repositories (server/repositories): no SQL, no Drizzle and no table in a route.',
      severity: 'error',
      from: { path: '^server/routes/' },
      to: { path: ['^server/db/schema', 'node_modules/drizzle-orm/'] },
    },
    {
      name: 'no-route-to-route',
      comment:
        'An API area does not import another: what two share goes down to a repository, a plugin or the domain.',
      severity: 'error',
      from: { path: '^server/routes/([^/]+)/' },
      to: { path: '^server/routes/([^/]+)/', pathNot: '^server/routes/$1/' },
    },
    {
      name: 'no-upward-on-server',
      comment: 'Repositories, plugins, the database and the domain know nothing of the routes.',
      severity: 'error',
      from: { path: '^server/(repositories|plugins|db|domain|media|sms|payments|couriers|jobs)/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'db-and-domain-at-the-bottom',
      comment: 'The database and the pure rules know nothing of plugins or repositories.',
      severity: 'error',
      from: { path: '^server/(db|domain)/' },
      to: { path: '^server/(plugins|repositories)/' },
    },
    {
      name: 'build-config-takes-pure-modules',
      comment:
        "vite.config.ts reads constants and pure helpers (the contract, lib, a feature's pure rules, the server's header hashes): never a page, a component of the shell, the back office or the server's data.",
      severity: 'error',
      from: { path: '^vite\\.config\\.ts$' },
      to: { path: ['^src/(admin|app|routes|ui|state)/', '^server/(routes|repositories|db)/'] },
    },
    {
      name: 'domain-reaches-no-provider',
      comment:
        'The pure rules know nothing of the providers (couriers, payments, media, SMS): a provider takes its types from the domain, not the other way round.',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: { path: '^server/(couriers|payments|media|sms)/' },
    },
    {
      name: 'db-reaches-no-media',
      comment:
        'The database (schema, migrations, seed data) knows nothing of the media store: what puts the demo images in it lives in server/media, and a start composes both (server/prepare-database.ts).',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/media/' },
    },
    {
      name: 'routes-reach-no-provider-or-database',
      comment:
        'Route handlers reach providers (couriers, payments, media, SMS) and the database through repositories and plugins (app.media, app.sms, app.shipments …), never by importing them or the database client.',
      severity: 'error',
      from: {
        path: '^server/routes/',
        pathNot: [
          // until the payments repository takes it: the gateway's return checks its provider
          '^server/routes/orders/payment-callback\\.ts$',
          // until the shipments module takes them: a courier's refusals and Pathao's webhook handshake
          '^server/routes/admin/couriers-routes\\.ts$',
          '^server/routes/couriers/index\\.ts$',
          // until the uploads repository takes them: an image's checks before it is stored
          '^server/routes/admin/image-routes\\.ts$',
          '^server/routes/uploads/index\\.ts$',
        ],
      },
      to: { path: ['^server/(couriers|payments|media|sms)/', '^server/db/client', 'node_modules/pg/'] },
    },
    {
      name: 'repositories-speak-no-http',
      comment:
        'A repository refuses with a domain error (server/domain/errors.ts) that the error handler answers with its status; it imports no HTTP error.',
      severity: 'error',
      from: { path: '^server/repositories/' },
      to: { path: '^server/plugins/errors' },
    },
    {
      name: 'page-reaches-worker-through-protocol',
      comment:
        "The PWA and its service worker share code only through sw/protocol/ (the message protocol, the order outbox's store): the page never loads the worker's own modules.",
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^sw/', pathNot: '^sw/protocol/' },
    },
    {
      name: 'worker-takes-nothing-of-the-page',
      comment: 'The service worker imports nothing of src: what both need is in sw/protocol/.',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: '^src/' },
    },
    {
      name: 'protocol-stands-alone',
      comment: 'sw/protocol/ is loaded by the page too: it imports nothing else of the worker.',
      severity: 'error',
      from: { path: '^sw/protocol/' },
      to: { path: '^sw/', pathNot: '^sw/protocol/' },
    },
    {
      name: 'admin-section-to-section',
      comment:
        'A back-office section (a folder of src/admin) does not import another: what two share is a part of the back office itself, at src/admin/*.ts(x), its shell (src/admin/shell/) or its list kit (src/admin/list/).',
      severity: 'error',
      from: {
        path: '^src/admin/([^/]+)/',
        // today's one crossing, left to the back office's move onto the router: an order's edit searches products
        pathNot: '^src/admin/orders/order-edit-add\\.tsx$',
      },
      to: { path: '^src/admin/([^/]+)/', pathNot: ['^src/admin/$1/', '^src/admin/(shell|list)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/routeTree\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
}
