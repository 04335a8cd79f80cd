import { slugify, topCategories } from './catalogue-data'

export const imageViews = ['front', 'back', 'detail'] as const
export type ImageView = (typeof imageViews)[number]

/** The media path of one generated product image (relative to the media root). */
export const imagePath = (leafSlug: string, colour: string, view: ImageView) =>
  `products/${leafSlug}/${slugify(colour)}-${view}.webp`

/** Every image the catalogue can reference: one per category leaf, colour and view. */
export function plannedImages() {
  const list: { leafSlug: string; garment: string; colour: string; view: ImageView; path: string }[] = []
  for (const top of topCategories) {
    for (const leaf of top.leaves) {
      for (const colour of leaf.colours) {
        for (const view of imageViews) {
          list.push({
            leafSlug: leaf.slug,
            garment: leaf.garment,
            colour,
            view,
            path: imagePath(leaf.slug, colour, view),
          })
        }
      }
    }
  }
  return list
}
