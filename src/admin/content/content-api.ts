import { queryOptions } from '@tanstack/react-query'
import {
  type HomeSectionEdit,
  homeAnswer,
  type MenuEditItem,
  type MenuName,
  menuEditAnswer,
  pageEditAnswer,
  pageListAnswer,
  pagePreviewAnswer,
} from '../../contract/admin-content'
import { menuDocument } from '../../contract/menu'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { catalogueRefsQuery } from '../catalogue-refs'
import { type FormErrors, formErrors } from '../form-errors'

/** The content section's reads and writes (src/contract/admin-content.ts). */
export const contentKeys = {
  menu: (name: MenuName) => adminKeys.menu(name),
  pages: () => [...adminKeys.all, 'content', 'pages'] as const,
  page: (slug: string) => [...adminKeys.all, 'content', 'page', slug] as const,
  home: () => [...adminKeys.all, 'content', 'home'] as const,
}

export const menuEditQuery = (name: MenuName) =>
  queryOptions({
    queryKey: contentKeys.menu(name),
    queryFn: ({ signal }) => adminRead(`/admin/menus/${name}`, menuEditAnswer, signal).then((a) => a.data),
    staleTime: 0,
    meta: quiet,
  })

export const pageListQuery = queryOptions({
  queryKey: contentKeys.pages(),
  queryFn: ({ signal }) => adminRead('/admin/pages', pageListAnswer, signal).then((a) => a.data),
  staleTime: 10_000,
  meta: quiet,
})

export const pageEditQuery = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.page(slug),
    queryFn: ({ signal }) =>
      adminRead(`/admin/pages/${encodeURIComponent(slug)}`, pageEditAnswer, signal).then((a) => a.data),
    staleTime: 0,
    meta: quiet,
  })

export const homeEditQuery = queryOptions({
  queryKey: contentKeys.home(),
  queryFn: ({ signal }) => adminRead('/admin/home', homeAnswer, signal).then((a) => a.data),
  staleTime: 0,
  meta: quiet,
})

/** the categories, brands and campaigns a menu item or a home page section can name */
export const pickerRefsQuery = catalogueRefsQuery

export const contentApi = {
  saveMenu: (name: MenuName, version: string | null, menu: MenuEditItem[]) =>
    adminWrite('put', `/admin/menus/${name}`, menuEditAnswer, { version, menu }).then((a) => a.data),
  createPage: (body: Record<string, unknown>) =>
    adminWrite('post', '/admin/pages', pageEditAnswer, body).then((a) => a.data),
  savePage: (slug: string, body: Record<string, unknown>) =>
    adminWrite('put', `/admin/pages/${encodeURIComponent(slug)}`, pageEditAnswer, body).then((a) => a.data),
  unpublishPage: (slug: string) =>
    adminWrite('delete', `/admin/pages/${encodeURIComponent(slug)}`, pageEditAnswer).then((a) => a.data),
  preview: (markdown: string) =>
    adminWrite('post', '/admin/pages/preview', pagePreviewAnswer, { markdown }).then((a) => a.data.html),
  saveHome: (version: string | null, sections: HomeSectionEdit[], draft: boolean) =>
    adminWrite('put', '/admin/home', homeAnswer, { version, sections, draft }).then((a) => a.data),
  /** the home page shoppers would get for these sections on a Dhaka day (today when none) */
  previewHome: (sections: HomeSectionEdit[], on?: string) =>
    adminWrite('post', '/admin/home/preview', menuDocument, { sections, ...(on ? { on } : {}) }),
}

/**
 * A failed save, for a form: a 409 says who changed it first and when (the server's message, in the
 * page's language, in Dhaka time); anything else as formErrors does.
 */
export function saveErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  if (error instanceof ApiRequestError && error.status === 409 && error.fields.version?.[0])
    return { fields: {}, form: `${error.fields.version[0]}. ${t('admin-content.reload-to-see')}` }
  return formErrors(error, fieldNames)
}
