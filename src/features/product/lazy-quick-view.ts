import { lazy } from 'react'

/** The quick view modal, its code loaded when a quick view first opens (render it inside Suspense). */
export const QuickViewModal = lazy(() =>
  import('./quick-view-modal').then((m) => ({ default: m.QuickViewModal })),
)
