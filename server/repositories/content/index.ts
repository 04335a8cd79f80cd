import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { HomeSectionEdit, PageEdit, PageSummary } from '../../../src/contract/admin-content'
import type { Language } from '../../../src/contract/language'
import type { MenuDocument, MenuItem, PageDocument } from '../../../src/contract/menu'
import { homeRepository } from './home'
import { menuRepository } from './menus'
import { type PageInput, pageRepository } from './pages'
import type { ContentChanged } from './shared'

export type { PageInput } from './pages'
export { type ContentChanged, ContentConflict, HOME_PAGE_MENU, MISSING_TARGET } from './shared'

/** The shop's menus, static pages and home page sections, as documents; and their editing. */
export type ContentRepository = {
  /**
   * A menu by name (main_menu, footer_menu, home_page), both languages in one; null when there is none.
   * The home page's sections are the main menu until the shop chooses its own.
   */
  menu(name: string): Promise<MenuDocument | null>
  /**
   * A published static page by slug (about, terms, …) in the language asked for, or in English when it has
   * no Bangla version yet (`language` says which it is); null when there is none.
   */
  page(slug: string, language: Language): Promise<{ page: PageDocument; language: Language } | null>

  /** a menu for its editor, with its version; an empty menu without a version when there is none */
  menuForEdit(name: string): Promise<{ menu: MenuItem[]; version: string | null }>
  /** replaces a menu, when nobody saved since `version` (else ContentConflict) */
  saveMenu(
    name: string,
    menu: MenuItem[],
    version: string | null,
    changed: ContentChanged,
  ): Promise<{ menu: MenuItem[]; version: string }>
  /** which of these slugs have no row in the table of their type */
  missingTargets(items: { type: string; url: string }[]): Promise<Set<string>>
  /** the names of campaigns, categories or brands by slug */
  targetNames(
    type: 'campaign' | 'category' | 'brand',
    slugs: string[],
  ): Promise<Map<string, { name: string; nameBn: string }>>

  pages(): Promise<PageSummary[]>
  pageForEdit(slug: string): Promise<PageEdit | null>
  createPage(slug: string, input: PageInput, changed: ContentChanged): Promise<PageEdit>
  savePage(slug: string, input: PageInput, version: string | null, changed: ContentChanged): Promise<PageEdit>
  unpublishPage(slug: string, changed: ContentChanged): Promise<PageEdit>

  /**
   * the home page's sections as the editor shows them: the draft when there is one, else what is published;
   * without a version while they follow the main menu
   */
  homeForEdit(): Promise<{ sections: HomeSectionEdit[]; version: string | null; draft: boolean }>
  /** the home page's menu document as shoppers get it today (scheduled sections on their days); null: no menu */
  homeDocument(): Promise<MenuDocument | null>
  /** the document shoppers would get for these sections on a Dhaka day (`YYYY-MM-DD`; today when absent) */
  homePreview(sections: HomeSectionEdit[], day?: string): Promise<MenuDocument>
  /**
   * what is wrong with these sections, by field (`sections.2.slug`); fills a heading left empty with its
   * campaign's, category's or brand's name
   */
  checkHomeSections(sections: HomeSectionEdit[]): Promise<Record<string, string[]>>
  /** publishes the sections (the draft goes), or keeps them as the draft, when nobody saved since `version` */
  saveHome(
    sections: HomeSectionEdit[],
    version: string | null,
    draft: boolean,
    changed: ContentChanged,
  ): Promise<{ sections: HomeSectionEdit[]; version: string; draft: boolean }>
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository
  }
}

export function createContentRepository(app: FastifyInstance): ContentRepository {
  return { ...menuRepository(app), ...pageRepository(app), ...homeRepository(app) }
}

export default fp(
  async function contentRepository(app: FastifyInstance) {
    app.decorate('content', createContentRepository(app))
  },
  { name: 'content-repository', dependencies: ['context'] },
)
