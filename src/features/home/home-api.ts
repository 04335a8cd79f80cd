import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { menuQuery } from '../../state/menu'
import { productQuery, productsByLogicQuery } from '../../state/products'
import { homeSections } from './sections'

/** The running campaign's name and end, read from one of its products (the product the quick view shows). */
export const campaignInfoQuery = (productSlug: string) =>
  queryOptions({ ...productQuery(productSlug), select: (product) => product.campaign })

/**
 * Asks for all the home page's data as soon as the route starts (not when each section first renders):
 * the menu, then every section at once, then the campaign's end. Failures stay with the sections.
 */
export async function prefetchHomePage(queryClient: QueryClient): Promise<void> {
  const menu = await queryClient.query(menuQuery('home_page')).catch(() => undefined)
  if (!menu) return
  const { campaign, categories } = homeSections(menu)
  await Promise.all([
    ...categories.map(({ body }) => queryClient.prefetchQuery(productsByLogicQuery(body))),
    campaign &&
      queryClient
        .query(productsByLogicQuery(campaign.body))
        .then((products) => {
          const first = products[0]
          if (first) return queryClient.prefetchQuery(campaignInfoQuery(first.slug))
        })
        .catch(() => undefined),
  ])
}
