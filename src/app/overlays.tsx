import { lazy, type ReactNode, Suspense, useState } from 'react'

/**
 * The footer, below the fold of every page: its code loads while the page above it renders, not
 * before the first paint.
 */
export const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })))

/** The phone menu drawer, its code loaded when it first opens. */
export const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })))

/** The server cart sync, loaded once a shopper is signed in (a guest has no server cart). */
export const ServerCartSync = lazy(() =>
  import('../features/cart-sync').then((m) => ({ default: m.ServerCartSync })),
)

/**
 * Mounts its children from the first time `open` is true, then keeps them mounted: they render
 * nothing while closed and play their own closing animation. Drawers and modals nobody has opened
 * are thereby not part of the first page's code.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!opened && !open) return null
  return <Suspense fallback={null}>{children}</Suspense>
}
