import type { SectionPageProps } from '../section-pages'
import { UnknownPage } from '../shell/status-pages'

/** (being written) */
export function ProductsPage(_props: SectionPageProps) {
  return <UnknownPage />
}
