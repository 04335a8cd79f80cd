import { z } from 'zod/mini'
import { noControlCharacters } from './common'
import { menuTypes } from './menu'

/**
 * The back office's content contract (catalogue roles: owner and manager), under /api/v1/admin:
 * - `GET menus/:name` → menuEditAnswer; `PUT menus/:name` (menuSaveBody) → menuEditAnswer. Names: MENU_NAMES.
 * - `GET pages` → pageListAnswer; `GET pages/:slug` → pageEditAnswer; `POST pages` (pageCreateBody) → 201
 *   pageEditAnswer; `PUT pages/:slug` (pageSaveBody) → pageEditAnswer; `DELETE pages/:slug` unpublishes it →
 *   pageEditAnswer; `POST pages/preview` (pagePreviewBody) → pagePreviewAnswer, the HTML shoppers would get.
 * - `GET home` → homeAnswer (the draft when there is one); `PUT home` (homeSaveBody) → homeAnswer, published
 *   unless `draft`; `POST home/preview` (homePreviewBody) → the shoppers' menu document for those sections.
 * Every save carries the `version` it loaded (null for something that does not exist yet). When someone
 * saved in between, nothing is written: 409 `{ error: { version: ['Changed by … at …'] }, conflict: { by, at } }`.
 */

export const MENU_NAMES = ['main_menu', 'footer_menu'] as const
export type MenuName = (typeof MENU_NAMES)[number]
export const menuName = z.enum(MENU_NAMES)
export const MENU_MAX_ITEMS = 50
export const MENU_NAME_MAX = 60

/** A custom item's address: a path of this shop (`/…`, not `//…`) or an https address. */
export function safeMenuUrl(url: string): boolean {
  return /^\/(?![/\\])/.test(url) || /^https:\/\/[^\s/]+/i.test(url)
}

const label = z
  .string()
  .check(z.trim(), z.maxLength(MENU_NAME_MAX, 'At most 60 characters'), noControlCharacters())

const itemFields = {
  name: label.check(z.minLength(1, 'Give the name')),
  nameBn: z.optional(label),
  type: z.enum(menuTypes),
  /** the slug for category, brand, campaign and page items; the address for custom ones */
  url: z
    .string()
    .check(z.trim(), z.minLength(1, 'Choose the target'), z.maxLength(500, 'At most 500 characters')),
}

const safeItem = <T extends { type: string; url: string }>(item: T) =>
  item.type !== 'custom' || safeMenuUrl(item.url)
const unsafeUrl = { message: 'Use an address starting with https:// or /', path: ['url'] }

export const menuEditSubItem = z
  .object({
    ...itemFields,
    submenu: z._default(z.array(z.unknown()).check(z.maxLength(0, 'Only one level of submenu')), []),
  })
  .check(z.refine(safeItem, unsafeUrl))

export const menuEditItem = z
  .object({
    ...itemFields,
    submenu: z._default(z.array(menuEditSubItem), []),
  })
  .check(z.refine(safeItem, unsafeUrl))
export type MenuEditItem = z.infer<typeof menuEditItem>

/** The version a save was loaded with: an opaque token, null when the thing did not exist. */
export const version = z.nullable(z.string().check(z.maxLength(40)))

export const menuSaveBody = z.object({
  version,
  menu: z.array(menuEditItem).check(z.maxLength(MENU_MAX_ITEMS, 'At most 50 items')),
})
export const menuEditAnswer = z.object({
  data: z.object({ name: z.string(), version, menu: z.array(menuEditItem) }),
})
export type MenuEdit = z.infer<typeof menuEditAnswer>['data']

/** A page's address: small letters, digits and dashes. */
export const pageSlug = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the address'),
    z.maxLength(100, 'At most 100 characters'),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use small letters, digits and dashes'),
  )
const title = z.string().check(z.trim(), z.maxLength(200, 'At most 200 characters'), noControlCharacters())
const markdown = z.string().check(z.maxLength(100_000, 'At most 100000 characters'))

const pageFields = {
  title: title.check(z.minLength(1, 'Give the title')),
  titleBn: title,
  markdown,
  markdownBn: markdown,
  published: z.boolean(),
}
/** A new page: what is left out takes its default. */
export const pageCreateBody = z.object({
  slug: pageSlug,
  ...pageFields,
  titleBn: z._default(title, ''),
  markdownBn: z._default(markdown, ''),
  published: z._default(z.boolean(), true),
})
/** The whole page, every field: one left out is refused, never reset to a default. */
export const pageSaveBody = z.object({ version, ...pageFields })
export const pageSlugParams = z.object({ slug: z.string().check(z.maxLength(100)) })

export const pageSummary = z.object({
  slug: z.string(),
  title: z.string(),
  titleBn: z.string(),
  published: z.boolean(),
  updatedAt: z.string(),
})
export const pageListAnswer = z.object({ data: z.array(pageSummary) })
export type PageSummary = z.infer<typeof pageSummary>

export const pageEdit = z.object({
  slug: z.string(),
  title: z.string(),
  titleBn: z.string(),
  markdown: z.string(),
  markdownBn: z.string(),
  published: z.boolean(),
  version: z.string(),
})
export const pageEditAnswer = z.object({ data: pageEdit })
export type PageEdit = z.infer<typeof pageEdit>

export const pagePreviewBody = z.object({ markdown })
export const pagePreviewAnswer = z.object({ data: z.object({ html: z.string() }) })

export const HOME_SECTION_TYPES = ['banner', 'campaign', 'category', 'brand', 'products'] as const
export type HomeSectionType = (typeof HOME_SECTION_TYPES)[number]
export const HOME_MAX_SECTIONS = 12
export const HOME_MAX_SLIDES = 6
export const HOME_MAX_PRODUCTS = 12

/** A day in Dhaka, `YYYY-MM-DD`: a section's schedule starts and ends on whole days there. */
const dhakaDay = z.optional(
  z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Give a date as YYYY-MM-DD')),
)

/** One picture of a banner: what it shows (for shoppers who cannot see it), where it leads, per language. */
export const homeSlide = z
  .object({
    image: z.string().check(z.trim(), z.minLength(1, 'Choose a picture'), z.maxLength(300)),
    /** the picture Bangla pages show; empty: the English one */
    imageBn: z._default(z.string().check(z.trim(), z.maxLength(300)), ''),
    link: z.string().check(z.trim(), z.minLength(1, 'Give the address it opens'), z.maxLength(500)),
    alt: label.check(z.minLength(1, 'Say what the picture shows')),
    altBn: z._default(label, ''),
  })
  .check(
    z.refine((slide) => safeMenuUrl(slide.link), {
      message: 'Use an address starting with https:// or /',
      path: ['link'],
    }),
  )
export type HomeSlideEdit = z.infer<typeof homeSlide>

/**
 * A section of the home page, shown in the order given: a banner of pictures (`slides`), a campaign's flash
 * deal, a row of a category's (any level), a brand's or hand-picked `products`. `startsOn`/`endsOn` (Dhaka
 * days, both shown) schedule it; shoppers see it only between them.
 */
export const homeSection = z.object({
  type: z.enum(HOME_SECTION_TYPES),
  /** the campaign, category or brand; empty for a banner or hand-picked products */
  slug: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  /** the heading shoppers see; empty: the campaign's, category's or brand's own name (hand-picked: required) */
  name: z.optional(label),
  nameBn: z.optional(label),
  products: z._default(
    z.array(z.int().check(z.positive())).check(z.maxLength(HOME_MAX_PRODUCTS, 'At most 12 products')),
    [],
  ),
  slides: z._default(z.array(homeSlide).check(z.maxLength(HOME_MAX_SLIDES, 'At most 6 pictures')), []),
  startsOn: dhakaDay,
  endsOn: dhakaDay,
})
export type HomeSectionEdit = z.infer<typeof homeSection>
export type HomeSectionInput = z.input<typeof homeSection>
export const homeSaveBody = z.object({
  version,
  sections: z.array(homeSection).check(z.maxLength(HOME_MAX_SECTIONS, 'At most 12 sections')),
  /** keep the sections as a draft to preview and publish later; shoppers go on seeing the published page */
  draft: z._default(z.boolean(), false),
})
export const homeAnswer = z.object({
  data: z.object({
    version,
    sections: z.array(homeSection),
    /** the sections are a draft shoppers do not see yet */
    draft: z.boolean(),
  }),
})
/**
 * `POST home/preview`: the home page document shoppers would get for these sections on a Dhaka day (today
 * when none is given), for the back office to show with the storefront's own page before anything is saved.
 */
export const homePreviewBody = z.object({
  sections: z.array(homeSection).check(z.maxLength(HOME_MAX_SECTIONS, 'At most 12 sections')),
  on: dhakaDay,
})
export type HomeEdit = z.infer<typeof homeAnswer>['data']

/** The body of a 409: who saved last, and when (ISO 8601). */
export const conflictAnswer = z.object({
  error: z.record(z.string(), z.array(z.string())),
  conflict: z.object({ by: z.nullable(z.string()), at: z.string() }),
})
