import type { SectionPageProps } from '../../section-pages'
import { UnknownPage } from '../../shell/status-pages'

/** (being written) */
export function ProductEditorPage(_props: SectionPageProps) {
  return <UnknownPage />
}
