/*
 * What the home page shows, decided from its sections' menu (home_page: the shop's choice, else the main menu). Written without imports or outside names: index.html
 * runs the same function (its source is copied there at build time) to ask for the page's data before the
 * app's scripts have arrived, and both must ask for exactly the same thing.
 */

type SectionMenuItem = { type: string; url: string; submenu?: readonly SectionMenuItem[] }

/** A section of the home page: its menu item and the get-by-logic body that asks for its products. */
export type HomeSection<Item, Logic extends 'campaign' | 'category'> = {
  item: Item
  body: { logic: Logic; slug: string; limit: number }
}

export type HomeSections<Item> = {
  /** the running campaign (the first campaign anywhere in the menu) and its flash deal */
  campaign?: HomeSection<Item, 'campaign'>
  /** the first top-level categories, a row of products each */
  categories: HomeSection<Item, 'category'>[]
}

/** The home page's sections and the get-by-logic body each one asks for. */
export function homeSections<Item extends SectionMenuItem>(menu: readonly Item[]): HomeSections<Item> {
  const flashDealSize = 8
  const categoryRows = 4
  const categoryRowSize = 4
  const findCampaign = (items: readonly SectionMenuItem[]): SectionMenuItem | undefined => {
    for (const item of items) {
      if (item.type === 'campaign') return item
      const inner = findCampaign(item.submenu ?? [])
      if (inner) return inner
    }
    return undefined
  }
  const campaign = findCampaign(menu) as Item | undefined
  return {
    campaign: campaign && {
      item: campaign,
      body: { logic: 'campaign', slug: campaign.url, limit: flashDealSize },
    },
    categories: menu
      .filter((item) => item.type === 'category')
      .slice(0, categoryRows)
      .map((item) => ({ item, body: { logic: 'category', slug: item.url, limit: categoryRowSize } })),
  }
}
