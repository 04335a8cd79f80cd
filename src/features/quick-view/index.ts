// Public face of the quick view. (Placeholder until the quick view work lands.)
import type { ReactNode } from 'react'

/** Quick view modal (SPEC §2), mounted once by the shell; shows `ui.quickView` (a product slug). */
export function QuickViewModal(): ReactNode {
  return null
}
