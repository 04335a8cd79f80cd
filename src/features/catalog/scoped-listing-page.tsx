import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import type { JSX } from 'react'
import type { ListingResponse } from '../../contract/product'
import { ListingPage, titleFromSlug } from './listing-page'
import type { ListingScope, ListingSearch } from './listing-search'
import type { ScopeKind } from './scoped-listing'
import { isUpcoming, UpcomingCampaign } from './upcoming-campaign'

/** An upcoming campaign's banner and start above its products (at their own prices until it starts). */
const campaignIntro = (data: ListingResponse | undefined) => {
  const campaign = data?.scope.campaign
  return isUpcoming(campaign) ? <UpcomingCampaign campaign={campaign} /> : null
}

function ScopedListing({ kind }: { kind: ScopeKind }) {
  const { slug = '' } = useParams({ strict: false })
  const search = useSearch({ strict: false }) as ListingSearch
  const navigate = useNavigate()
  const scope: ListingScope = { [kind]: slug }
  return (
    <ListingPage
      key={slug}
      title={(data) => data?.scope[kind]?.name ?? titleFromSlug(slug)}
      scope={scope}
      intro={kind === 'campaign' ? campaignIntro : undefined}
      search={search}
      onSearchChange={(patch) => navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }) })}
    />
  )
}

function CategoryListing() {
  return <ScopedListing kind="category" />
}

function BrandListing() {
  return <ScopedListing kind="brand" />
}

function CampaignListing() {
  return <ScopedListing kind="campaign" />
}

/** The page of each kind of scoped listing. */
export const scopedListingPages: Record<ScopeKind, () => JSX.Element> = {
  category: CategoryListing,
  brand: BrandListing,
  campaign: CampaignListing,
}
