import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { Fragment, type ReactNode, StrictMode, startTransition, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { readOutbox } from '../sw/protocol/order-outbox'
import { captureInstallPrompt } from './features/install'
import { refreshOnReconnect, shouldPersistQuery, showUpdateToast } from './features/offline'
import { startLanguage, useTextStyle } from './i18n'
import { env } from './lib/env'
import {
  cacheRestored,
  isCacheRestored,
  PERSIST_MAX_AGE,
  queryClient,
  restoreQueryCache,
} from './lib/query-client'
import { parseSearch, stringifySearch } from './lib/query-string'
import { routeTree } from './routeTree.gen'
import { AppToaster } from './ui/toaster'
import './styles/index.css'

// the IndexedDB read starts now and runs while the shell renders
void restoreQueryCache({
  maxAge: PERSIST_MAX_AGE,
  buster: env.buildId,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
})

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // the query cache decides freshness; the router always asks it
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // storefront §5: filters are plain text in the URL (`size=28`), never JSON-quoted
  parseSearch,
  stringifySearch,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// route loaders start now, while React renders the shell (the router's mount then finds them under way)
router.load().catch(() => undefined)

captureInstallPrompt()
// an order a reload or a closed tab left on its way is sent again (its code loads only when one waits)
void readOutbox().then((waiting) => {
  if (waiting.length > 0) void import('./state/order-outbox').then((outbox) => outbox.resumeOrderOutbox())
})
refreshOnReconnect(queryClient)
// the service worker exists only in the production build
// (its code loads after the first page's: registering waits for the page to be idle anyway)
if (import.meta.env.PROD) {
  void import('./lib/pwa').then((pwa) => {
    pwa.registerServiceWorkerWhenIdle(showUpdateToast)
    void pwa.requestPersistentStorage()
  })
}

/** Queries wait for the persisted cache (`useIsRestoring`); the shell around them does not. */
function QueryProvider({ children }: { children: ReactNode }) {
  const [restoring, setRestoring] = useState(() => !isCacheRestored())
  useEffect(() => {
    let current = true
    void cacheRestored().then(() => {
      // the pages' data renders in short slices, never holding the main thread for long
      if (current) startTransition(() => setRestoring(false))
    })
    return () => {
      current = false
    }
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}

/**
 * Every page in the chosen language: a switch renders the app again from the top, so no text keeps the
 * old language (what pages hold lives in the query cache and the stores, not in components).
 */
function LanguageRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useTextStyle()}>{children}</Fragment>
}

/** How long the first render waits for a saved cache, at most (index.html's shell is on screen meanwhile). */
const RESTORE_WAIT_MS = 150

function renderApp(root: HTMLElement) {
  const app = createRoot(root)
  // a transition renders in short slices, so the first render never holds the main thread for long
  startTransition(() => {
    app.render(
      <StrictMode>
        <QueryProvider>
          <LanguageRoot>
            <RouterProvider router={router} />
          </LanguageRoot>
          <AppToaster />
        </QueryProvider>
      </StrictMode>,
    )
  })
}

const root = document.getElementById('root')
if (root) {
  // A returning shopper's pages render once, with what this device saved, rather than as skeletons
  // first; a slow read never holds the app back for long, and a first visit has nothing to wait for.
  // English needs no catalogue (its messages are in the code); another language's loads first
  const language = startLanguage()
  const restored = isCacheRestored()
    ? Promise.resolve()
    : Promise.race([cacheRestored(), new Promise((done) => setTimeout(done, RESTORE_WAIT_MS))])
  void Promise.all([language, restored]).then(() => renderApp(root))
}
