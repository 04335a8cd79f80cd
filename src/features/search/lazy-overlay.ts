import { lazy } from 'react'

/** The full-screen phone search, its code loaded when it first opens (render it inside Suspense). */
export const SearchOverlay = lazy(() =>
  import('./search-overlay').then((m) => ({ default: m.SearchOverlay })),
)
