import { lazy, Suspense, useSyncExternalStore } from 'react'
import { subscribeToastRequests, toastsRequested } from '../lib/toast'

const HotToaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })))

/** Toasts (storefront §8): bottom-right, 2000 ms, above the phone's bottom bar; mounted with the first message. */
export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToastRequests, toastsRequested, () => false)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <HotToaster
        position="bottom-right"
        containerStyle={{ bottom: 'var(--toast-offset, 16px)' }}
        toastOptions={{ duration: 2000 }}
      />
    </Suspense>
  )
}
