import { createFileRoute } from '@tanstack/react-router'
import { AdminArea } from '../../admin'
import { LanguageSwitch } from '../../app/language-switch'

/**
 * The back office: one route whose code loads on demand, never with the shop's pages. What follows
 * `/admin/` names the page (src/admin/sections.ts), so the shop's route table grows by this one entry.
 */
export const Route = createFileRoute('/admin/$')({ component: AdminRoute })

function AdminRoute() {
  const { _splat = '' } = Route.useParams()
  const search = Route.useSearch() as Record<string, unknown>
  return <AdminArea path={_splat} search={search} languageSwitch={<LanguageSwitch />} />
}
