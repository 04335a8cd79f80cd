import './catalogue.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { figure, t } from '../../i18n'
import { adminLink } from '../links'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem, UnknownPage } from '../shell/status-pages'
import { CampaignEditor } from './campaign-editor'
import { campaignStatusName, dhakaMoment } from './campaign-status'
import { campaignsQuery } from './catalogue-api'

/** Campaigns and flash deals: the list (`/admin/campaigns`), a new one (`new`) and one's editor (`<id>`). */
export function CampaignsPage({ rest }: SectionPageProps) {
  if (rest === 'new') return <CampaignEditor id={null} />
  if (/^\d{1,9}$/.test(rest)) return <CampaignEditor key={rest} id={Number(rest)} />
  if (rest !== '') return <UnknownPage />
  return <CampaignList />
}

function CampaignList() {
  const list = useQuery(campaignsQuery)
  return (
    <div className="admin-page">
      <h1>{t('admin-catalogue.campaigns-title')}</h1>
      <p>
        <Link className="button" {...adminLink('campaigns/new')}>
          {t('admin-catalogue.new-campaign')}
        </Link>
      </p>
      <section className="admin-panel" aria-labelledby="campaign-list">
        <h2 id="campaign-list">{t('admin-catalogue.campaigns-list')}</h2>
        {list.data ? (
          list.data.length === 0 ? (
            <p>{t('admin-catalogue.campaigns-none')}</p>
          ) : (
            <ul className="catalogue-list">
              {list.data.map((campaign) => (
                <li key={campaign.id} className="catalogue-row">
                  <div className="catalogue-row__line">
                    <div className="catalogue-row__text">
                      <Link {...adminLink(`campaigns/${campaign.id}`)}>
                        <strong>{campaign.name}</strong>
                      </Link>{' '}
                      <span className={`admin-tag catalogue-status--${campaign.status}`}>
                        {campaignStatusName(campaign.status)}
                      </span>
                      <span className="catalogue-row__meta">
                        {t('admin-catalogue.campaign-dates', {
                          start: dhakaMoment(campaign.startsAt),
                          end: dhakaMoment(campaign.endsAt),
                        })}
                      </span>
                      <span className="catalogue-row__meta">
                        {t('admin-catalogue.product-count', { count: figure(campaign.productCount) })}
                        {campaign.discountPercent > 0 &&
                          ` · ${t('admin-catalogue.percent-off', { percent: figure(campaign.discountPercent) })}`}
                      </span>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : list.error ? (
          <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Loading />
        )}
      </section>
    </div>
  )
}
