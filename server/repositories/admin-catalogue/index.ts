import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type {
  AdminBrand,
  AdminCampaign,
  AdminCampaignSummary,
  AdminCategory,
  CampaignProduct,
} from '../../../src/contract/admin-catalogue'
import type { Actor } from '../audit'
import { brandRepository } from './brands'
import { campaignRepository } from './campaigns'
import { categoryRepository } from './categories'
import type { BrandChange, BrandInput, CampaignInput, CategoryChange, CategoryInput } from './shared'

export {
  type BrandChange,
  type BrandInput,
  type CampaignInput,
  CatalogueRefusal,
  type CategoryChange,
  type CategoryInput,
} from './shared'

/** The back office's categories, brands and campaigns: every write audited in its own transaction. */
export type AdminCatalogueRepository = {
  categories(): Promise<AdminCategory[]>
  /** a new category; `addToMenu`: also an item of the main menu, in the same transaction */
  createCategory(input: CategoryInput & { addToMenu?: boolean }, actor: Actor): Promise<AdminCategory>
  updateCategory(id: number, change: CategoryChange, actor: Actor): Promise<AdminCategory>
  orderCategories(parentId: number | null, ids: number[], actor: Actor): Promise<AdminCategory[]>
  deleteCategory(id: number, actor: Actor): Promise<void>
  brands(): Promise<AdminBrand[]>
  createBrand(input: BrandInput, actor: Actor): Promise<AdminBrand>
  updateBrand(id: number, change: BrandChange, actor: Actor): Promise<AdminBrand>
  deleteBrand(id: number, actor: Actor): Promise<void>
  campaigns(): Promise<AdminCampaignSummary[]>
  campaign(id: number): Promise<AdminCampaign>
  /** saves a campaign (new when `id` is null); its members and their prices follow in the same transaction */
  saveCampaign(id: number | null, input: CampaignInput, actor: Actor): Promise<{ id: number }>
  deleteCampaign(id: number, actor: Actor): Promise<void>
  candidates(q: string): Promise<CampaignProduct[]>
  /**
   * Brings member skus' prices in line with the campaigns running at `now` (for the products given, or
   * every product of a campaign that starts or ends): what a job runs at a campaign's start and end.
   */
  applyCampaignPrices(productIds?: number[]): Promise<number[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminCatalogue: AdminCatalogueRepository
  }
}

export function createAdminCatalogueRepository(app: FastifyInstance): AdminCatalogueRepository {
  return { ...categoryRepository(app), ...brandRepository(app), ...campaignRepository(app) }
}

export default fp(
  async function adminCatalogueRepository(app: FastifyInstance) {
    app.decorate('adminCatalogue', createAdminCatalogueRepository(app))
  },
  { name: 'admin-catalogue-repository', dependencies: ['context'] },
)
