import { queryOptions } from '@tanstack/react-query'
import { menuDocument } from '../contract/menu'
import { apiGet, storage } from '../lib/api'

export const menuKeys = {
  all: ['menus'] as const,
  menu: (name: 'main_menu' | 'footer_menu') => [...menuKeys.all, name] as const,
}

export const menuQuery = (name: 'main_menu' | 'footer_menu') =>
  queryOptions({
    queryKey: menuKeys.menu(name),
    queryFn: ({ signal }) => apiGet(`/menus/${name}.json`, menuDocument, { client: storage, signal }),
    staleTime: 10 * 60_000,
    select: (document) => document.menu,
    meta: { persist: true },
  })
