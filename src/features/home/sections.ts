/*
 * What the home page shows, decided from its sections' document (home_page: the shop's sections in its
 * order; the server makes them from the main menu until the shop chooses). Written without imports or
 * outside names: index.html runs the same function (its source is copied there at build time) to ask for the
 * page's data before the app's scripts have arrived, and both must ask for exactly the same thing.
 */

type SectionMenuItem = { type: string; url: string }
type RowLogic = 'campaign' | 'products' | 'category' | 'brand'

/** A section of the home page: its item, and the get-by-logic body that asks for its products (a banner has none). */
export type HomeSection<Item> = {
  item: Item
  body?: { logic: RowLogic; slug: string; limit: number }
}

/** The home page's sections in order, and the get-by-logic body each row of products asks for. */
export function homeSections<Item extends SectionMenuItem>(menu: readonly Item[]): HomeSection<Item>[] {
  // a flash deal shows 8 products, a hand-picked row all (at most 12), a category's or a brand's row 4
  const sizes: Record<string, number | undefined> = { campaign: 8, products: 12, category: 4, brand: 4 }
  return menu
    .filter((item) => item.type === 'banner' || sizes[item.type])
    .map((item) => {
      const limit = sizes[item.type]
      return limit ? { item, body: { logic: item.type as RowLogic, slug: item.url, limit } } : { item }
    })
}
