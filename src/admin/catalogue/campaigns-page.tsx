import type { SectionPageProps } from '../section-pages'
import { UnknownPage } from '../shell/status-pages'

/** (being written) */
export function CampaignsPage(_props: SectionPageProps) {
  return <UnknownPage />
}
