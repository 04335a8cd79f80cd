import { queryOptions } from '@tanstack/react-query'
import { type MenuItem, menuDocument } from '../contract/menu'
import { apiGet, storage } from '../lib/api'
import { currentLanguage, type Language } from '../lib/language'

/** A menu as the page's language names (and pictures) its items: Bangla where the shop gave Bangla. */
export function menuInLanguage(items: readonly MenuItem[], language: Language): MenuItem[] {
  const bn = language === 'bn'
  return items.map((item) => ({
    ...item,
    name: bn && item.nameBn ? item.nameBn : item.name,
    image: bn && item.imageBn ? item.imageBn : item.image,
    submenu: menuInLanguage(item.submenu, language),
  }))
}

/** the header's and footer's menus, and the home page's sections (the main menu until the shop chose them) */
type MenuName = 'main_menu' | 'footer_menu' | 'home_page'

export const menuKeys = {
  all: ['menus'] as const,
  menu: (name: MenuName) => [...menuKeys.all, name] as const,
}

const localMenus = new WeakMap<readonly MenuItem[], { language: Language; items: MenuItem[] }>()

/** The same menu array for the same document and language, render after render. */
function localMenu(items: readonly MenuItem[]): MenuItem[] {
  const language = currentLanguage()
  const kept = localMenus.get(items)
  if (kept?.language === language) return kept.items
  const local = menuInLanguage(items, language)
  localMenus.set(items, { language, items: local })
  return local
}

export const menuQuery = (name: MenuName) =>
  queryOptions({
    queryKey: menuKeys.menu(name),
    queryFn: ({ signal }) => apiGet(`/menus/${name}.json`, menuDocument, { client: storage, signal }),
    // the shop's edits show within a minute or so
    staleTime: 60_000,
    // one document names its items in both languages; a switch renders the app again, so this runs again
    select: (document) => localMenu(document.menu),
    meta: { persist: true },
  })
