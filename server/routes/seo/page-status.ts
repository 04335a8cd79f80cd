import type { FastifyInstance } from 'fastify'
import type { Language } from '../../../src/contract/language'
import { campaignStatusAt } from '../../domain/campaigns'
import type { NamedRef } from '../../repositories/catalogue/refs'
import { type AppPageKind, appPageAt } from './app-paths'

type ScopeKind = 'category' | 'brand' | 'campaign'

/** A listing's scope as a shopper may see it; `upcoming`: a campaign that has not started yet. */
export type ListingScope = NamedRef & { upcoming?: boolean }

/**
 * The category, brand or campaign a listing's address names, as a shopper may see it (a campaign while it
 * runs, and before it starts, when its page announces it; not once it has ended), named in `language`; null
 * when there is none.
 */
export async function listingScopeOf(
  app: FastifyInstance,
  kind: ScopeKind,
  slug: string,
  language: Language,
  now = new Date(),
): Promise<ListingScope | null> {
  const refs = await app.catalogue.refs(language)
  if (kind === 'category') return refs.categoryBySlug.get(slug) ?? null
  if (kind === 'brand') return refs.brandBySlug.get(slug) ?? null
  const campaign = refs.campaignBySlug.get(slug)
  if (!campaign) return null
  const status = campaignStatusAt(campaign.startsAt, campaign.endsAt, now)
  if (status === 'ended') return null
  return { id: campaign.id, name: campaign.name, slug: campaign.slug, upcoming: status === 'scheduled' }
}

/**
 * The Return Policy page's address: the menus' routes (routes/menus/return-policy.ts) serve the settings' policy
 * there whether or not the shop has a page of that address.
 */
export const RETURN_POLICY_PATH = 'return-policy'

/** Whether the shop's settings hold a return policy (the Return Policy page then exists). */
export async function hasReturnPolicy(app: FastifyInstance): Promise<boolean> {
  return (await app.settings.current()).settings.returnPolicy.en.trim() !== ''
}

/** Whether the record a page's address names is one a shopper may see. */
async function recordExists(app: FastifyInstance, kind: Exclude<AppPageKind, 'shell'>, slug: string) {
  switch (kind) {
    case 'product':
      return (await app.catalogue.meta(slug)) !== null
    case 'page':
      if (slug === RETURN_POLICY_PATH && (await hasReturnPolicy(app))) return true
      return (await app.content.page(slug, 'en')) !== null
    default:
      return (await listingScopeOf(app, kind, slug, 'en')) !== null
  }
}

/**
 * The status a page navigation answers with the app's shell: 200 for a page of the app, 404 for an address no
 * route of the app has, or whose product, category, brand, campaign (an ended one) or content page a shopper
 * cannot see (the app then shows its not-found page; crawlers drop the address).
 */
export async function appPageStatus(app: FastifyInstance, url: string): Promise<200 | 404> {
  const page = appPageAt(url.split('?', 1)[0] ?? url)
  if (!page) return 404
  if (page.kind === 'shell') return 200
  return (await recordExists(app, page.kind, page.slug)) ? 200 : 404
}
