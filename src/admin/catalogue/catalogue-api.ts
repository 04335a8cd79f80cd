import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  type BrandBody,
  brandAnswer,
  brandsAnswer,
  type CampaignUpdateBody,
  type CategoryBody,
  campaignAnswer,
  campaignsAnswer,
  candidatesAnswer,
  categoriesAnswer,
  categoryAnswer,
} from '../../contract/admin-catalogue'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'

/** The categories, brands and campaigns pages' calls (src/contract/admin-catalogue.ts). */
const nothing = z.unknown()

export const catalogueKeys = {
  categories: () => [...adminKeys.all, 'categories'] as const,
  brands: () => [...adminKeys.all, 'brands'] as const,
  campaigns: () => [...adminKeys.all, 'campaigns'] as const,
  campaign: (id: number) => [...adminKeys.all, 'campaigns', id] as const,
  candidates: (q: string) => [...adminKeys.all, 'campaign-candidates', q] as const,
}

export const categoriesQuery = queryOptions({
  queryKey: catalogueKeys.categories(),
  queryFn: ({ signal }) => adminRead('/admin/categories', categoriesAnswer, signal).then((a) => a.data),
  meta: quiet,
})
export const brandsQuery = queryOptions({
  queryKey: catalogueKeys.brands(),
  queryFn: ({ signal }) => adminRead('/admin/brands', brandsAnswer, signal).then((a) => a.data),
  meta: quiet,
})
export const campaignsQuery = queryOptions({
  queryKey: catalogueKeys.campaigns(),
  queryFn: ({ signal }) => adminRead('/admin/campaigns', campaignsAnswer, signal).then((a) => a.data),
  meta: quiet,
})
export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.campaign(id),
    queryFn: ({ signal }) => adminRead(`/admin/campaigns/${id}`, campaignAnswer, signal).then((a) => a.data),
    meta: quiet,
  })
export const candidatesQuery = (q: string) =>
  queryOptions({
    queryKey: catalogueKeys.candidates(q),
    queryFn: ({ signal }) =>
      adminRead(`/admin/campaigns/candidates?q=${encodeURIComponent(q)}`, candidatesAnswer, signal).then(
        (a) => a.data,
      ),
    staleTime: 30_000,
    meta: quiet,
  })

export const catalogueApi = {
  saveCategory: (id: number | null, body: CategoryBody) =>
    (id === null
      ? adminWrite('post', '/admin/categories', categoryAnswer, body)
      : adminWrite('patch', `/admin/categories/${id}`, categoryAnswer, body)
    ).then((a) => a.data),
  orderCategories: (parentId: number | null, ids: number[]) =>
    adminWrite('put', '/admin/categories/order', categoriesAnswer, { parentId, ids }).then((a) => a.data),
  deleteCategory: (id: number) =>
    adminWrite('delete', `/admin/categories/${id}`, nothing).then(() => undefined),
  saveBrand: (id: number | null, body: BrandBody) =>
    (id === null
      ? adminWrite('post', '/admin/brands', brandAnswer, body)
      : adminWrite('patch', `/admin/brands/${id}`, brandAnswer, body)
    ).then((a) => a.data),
  deleteBrand: (id: number) => adminWrite('delete', `/admin/brands/${id}`, nothing).then(() => undefined),
  saveCampaign: (id: number | null, body: CampaignUpdateBody) =>
    (id === null
      ? adminWrite('post', '/admin/campaigns', campaignAnswer, body)
      : adminWrite('put', `/admin/campaigns/${id}`, campaignAnswer, body)
    ).then((a) => a.data),
  deleteCampaign: (id: number) =>
    adminWrite('delete', `/admin/campaigns/${id}`, nothing).then(() => undefined),
}
