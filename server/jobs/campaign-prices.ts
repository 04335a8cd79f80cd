import type { FastifyInstance } from 'fastify'
import type { Tx } from '../db/client'
import type { JobHandler } from './queue'

export const CAMPAIGN_PRICES = 'campaign-prices'

/**
 * Queues the price change of a campaign's start and of its end, in the transaction that saves it. A
 * time already past needs no job (the save has just priced it); a campaign saved again with the same
 * times queues nothing new, and one moved leaves its old jobs behind, harmless, since each only brings
 * prices in line with whatever runs at that moment.
 */
export async function queueCampaignPrices(
  app: FastifyInstance,
  tx: Tx,
  campaign: { id: number; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<void> {
  for (const at of [campaign.startsAt, campaign.endsAt]) {
    if (at <= now) continue
    await app.jobs.enqueue(
      CAMPAIGN_PRICES,
      { campaignId: campaign.id },
      { runAt: at, key: `${CAMPAIGN_PRICES}:${campaign.id}:${at.toISOString()}`, tx },
    )
  }
}

/** At a campaign's start or end: every campaign's products priced for the moment (the database tells the news). */
export function campaignPricesJob(app: FastifyInstance): JobHandler {
  return async () => {
    await app.adminCatalogue.applyCampaignPrices()
  }
}
