import type { FastifyInstance } from 'fastify'
import type { HomeSectionEdit } from '../../../src/contract/admin-content'
import type { MenuItem } from '../../../src/contract/menu'
import type { ContentRepository } from './index'
import { menuRow } from './menus'
import { HOME_PAGE_MENU } from './shared'

/** The home page as shoppers see it while the shop has not chosen its sections: from the main menu. */
function sectionsOfMenu(menu: MenuItem[]): HomeSectionEdit[] {
  const findCampaign = (items: MenuItem[]): MenuItem | undefined => {
    for (const item of items) {
      if (item.type === 'campaign') return item
      const inner = findCampaign(item.submenu)
      if (inner) return inner
    }
    return undefined
  }
  const campaign = findCampaign(menu)
  const categories = menu.filter((item) => item.type === 'category').slice(0, 4)
  return (campaign ? [campaign, ...categories] : categories).map((item) => ({
    type: item.type as 'campaign' | 'category',
    slug: item.url,
    name: item.name,
    nameBn: item.nameBn,
  }))
}

/** The home page's sections for their editor: the shop's own, or the main menu's until it chooses. */
export function homeRepository(app: FastifyInstance): Pick<ContentRepository, 'homeForEdit'> {
  return {
    async homeForEdit() {
      const own = await menuRow(app.db, HOME_PAGE_MENU)
      if (own) {
        return {
          version: own.version,
          sections: own.menu.map((item) => ({
            type: item.type as 'campaign' | 'category',
            slug: item.url,
            name: item.name,
            nameBn: item.nameBn,
          })),
        }
      }
      const main = await menuRow(app.db, 'main_menu')
      return { version: null, sections: sectionsOfMenu(main?.menu ?? []) }
    },
  }
}
