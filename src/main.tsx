import { useIsRestoring } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Toaster } from 'react-hot-toast'
import { captureInstallPrompt } from './features/install'
import { refreshOnReconnect, shouldPersistQuery, showUpdateToast } from './features/offline'
import { env } from './lib/env'
import { registerServiceWorker, requestPersistentStorage } from './lib/pwa'
import { PERSIST_MAX_AGE, persister, queryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'
import './styles/index.css'

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // the query cache decides freshness; the router always asks it
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

captureInstallPrompt()
refreshOnReconnect(queryClient)
// the service worker exists only in the production build
if (import.meta.env.PROD) {
  registerServiceWorker(showUpdateToast)
  void requestPersistentStorage()
}

/**
 * Route loaders read the query cache: they start once the persisted cache is back from IndexedDB
 * (a few ms), otherwise an offline reload would fetch, fail and show pages this device has seen as
 * missing.
 */
function RestoredRouter() {
  return useIsRestoring() ? null : <RouterProvider router={router} />
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: PERSIST_MAX_AGE,
          buster: env.buildId,
          dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
        }}
      >
        <RestoredRouter />
        <Toaster
          position="bottom-right"
          containerStyle={{ bottom: 'var(--toast-offset, 16px)' }}
          toastOptions={{ duration: 2000 }}
        />
      </PersistQueryClientProvider>
    </StrictMode>,
  )
}
