import type { QueryClient } from '@tanstack/react-query'
import { menuQuery } from '../../state/menu'
import { productsByLogicQuery } from '../../state/products'
import { homeSections } from './sections'

/**
 * Asks for all the home page's data as soon as the route starts (not when each section first renders):
 * the menu, then every section at once (the menu names the running campaign's end). Failures stay with the
 * sections.
 */
export async function prefetchHomePage(queryClient: QueryClient): Promise<void> {
  const menu = await queryClient.query(menuQuery('home_page')).catch(() => undefined)
  if (!menu) return
  await Promise.all(
    homeSections(menu).map(({ body }) => body && queryClient.prefetchQuery(productsByLogicQuery(body))),
  )
}
