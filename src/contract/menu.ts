import { z } from 'zod/mini'

export const menuTypes = ['category', 'page', 'campaign', 'custom', 'brand'] as const
/** What only the home page's document has: a row of pictures (its slides are its submenu), products picked by hand */
const homeTypes = [...menuTypes, 'banner', 'products'] as const

export type MenuItem = {
  name: string
  /** the label on Bangla pages; without it they show `name` (one menu document serves both languages) */
  nameBn?: string
  type: (typeof homeTypes)[number]
  /**
   * the slug for category, brand, campaign and page items; the full url for custom items (a banner's
   * slide too); the products' ids for a `products` section (`12,15,9`)
   */
  url: string
  /** a campaign item of the home page's document: when the running campaign ends (its countdown) */
  endsAt?: string
  /** a banner's slide: its picture's media path, and the one Bangla pages show when it has its own */
  image?: string
  imageBn?: string
  submenu: MenuItem[]
}

export const menuItem: z.ZodMiniType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    nameBn: z.optional(z.string()),
    type: z.enum(homeTypes),
    url: z.string(),
    endsAt: z.optional(z.string()),
    image: z.optional(z.string()),
    imageBn: z.optional(z.string()),
    submenu: z.array(menuItem),
  }),
)

export const menuDocument = z.object({ menu: z.array(menuItem) })
export type MenuDocument = z.infer<typeof menuDocument>

export const pageBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  /** a page written in Markdown in the back office: HTML the server rendered and sanitised */
  z.object({ type: z.literal('html'), html: z.string() }),
])
export const pageDocument = z.object({
  slug: z.string(),
  title: z.string(),
  blocks: z.array(pageBlock),
})
export type PageDocument = z.infer<typeof pageDocument>
