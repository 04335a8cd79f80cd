import { z } from 'zod/mini'
import { product } from '../../contract/product'

/**
 * What the server drew of a product page next to the app's root (server/routes/seo/product-outline.ts): its
 * breadcrumb and main picture, painted before the app's code arrives. `key` is the product as the page's
 * address names it (slug or id).
 */
const serverOutlineData = z.object({
  key: z.string(),
  name: z.string(),
  image: z.string(),
  categoryPath: product.shape.categoryPath,
})
export type ServerOutline = z.infer<typeof serverOutlineData>

/** The outline's data, as the server wrote it on the outline; none when it is not there or not valid. */
export function readServerOutline(root: ParentNode): ServerOutline | undefined {
  const data = root.querySelector<HTMLElement>('[data-product-outline]')?.dataset.productOutline
  if (!data) return undefined
  try {
    const parsed = serverOutlineData.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

// read as the page's code loads: the outline leaves the document only once the page is on screen
const kept = typeof document === 'undefined' ? undefined : readServerOutline(document)

/**
 * The server's outline of the product at `key`, when the page was opened at its address: the page's preview
 * shows the same picture in the same place until the product's data is here, so the picture never blinks.
 */
export const serverOutline = (key: string): ServerOutline | undefined =>
  kept?.key === key ? kept : undefined

/** Once the app's page is on screen (its styles already hide the outline): the outline leaves the document. */
export function removeServerOutline() {
  document.querySelector('.product-outline')?.remove()
}
