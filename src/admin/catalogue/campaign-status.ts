import type { CampaignStatus } from '../../contract/admin-catalogue'
import { msg, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'

const statusKey = {
  scheduled: msg('admin-catalogue.status-scheduled'),
  running: msg('admin-catalogue.status-running'),
  ended: msg('admin-catalogue.status-ended'),
}

export const campaignStatusName = (status: CampaignStatus) => t(statusKey[status])

/** A moment as the shop reads it: date and time in Dhaka. */
export const dhakaMoment = (iso: string) => formatDateTime(iso)
