import type { ListingResponse } from '../../contract/product'
import { t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { imageSrcSet, mediaUrl } from '../../lib/media'

export type ListingCampaign = NonNullable<ListingResponse['scope']['campaign']>

/** Whether the campaign has yet to start at `now` (its page then announces it; its products sell at their own prices). */
export function isUpcoming(
  campaign: ListingCampaign | null | undefined,
  now: number = Date.now(),
): campaign is ListingCampaign {
  return !!campaign && new Date(campaign.startsAt).getTime() > now
}

/**
 * What a campaign's page shows before the campaign starts: its banner and when it starts, as a plain date and
 * time in Bangladesh's time (no countdown), in the page's language and digits.
 */
export function UpcomingCampaign({ campaign }: { campaign: ListingCampaign }) {
  return (
    <div className="campaign-upcoming">
      {campaign.banner && (
        <img
          className="campaign-upcoming__banner"
          src={mediaUrl(campaign.banner)}
          srcSet={imageSrcSet(campaign.banner, 480, 1200)}
          sizes="(min-width: 1200px) 1200px, 100vw"
          width={1200}
          height={400}
          alt={campaign.name}
          fetchPriority="high"
        />
      )}
      <p className="campaign-upcoming__starts">
        {t('catalog.campaign-starts', { when: formatDateTime(campaign.startsAt, { dateStyle: 'long' }) })}
      </p>
    </div>
  )
}
