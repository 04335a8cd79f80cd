import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { AdminCampaign } from '../../contract/admin-catalogue'
import { t } from '../../i18n'
import { formatTime } from '../../i18n/date-time'
import { ApiRequestError } from '../../lib/api'
import { quiet } from '../admin-api'
import { ConfirmDialog } from '../confirm-dialog'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import { Loading, LoadProblem } from '../shell/status-pages'
import { bodyOf, type CampaignDraft, draftOf, newDraft } from './campaign-draft'
import { CampaignDetails, CampaignMembers } from './campaign-fields'
import { campaignStatusName } from './campaign-status'
import { campaignQuery, catalogueApi, catalogueKeys } from './catalogue-api'

const FIELDS = [
  'name',
  'nameBn',
  'slug',
  'description',
  'descriptionBn',
  'banner',
  'startsAt',
  'endsAt',
  'discountPercent',
  'productIds',
  'prices',
  'rule',
  'version',
]

/** A campaign's editor: loads it (or starts a new one) and hands the form its draft. */
export function CampaignEditor({ id }: { id: number | null }) {
  const loaded = useQuery({ ...campaignQuery(id ?? 0), enabled: id !== null })
  if (id === null) return <CampaignForm campaign={null} />
  if (loaded.data) return <CampaignForm campaign={loaded.data} />
  if (loaded.error) return <LoadProblem error={loaded.error} onRetry={() => void loaded.refetch()} />
  return <Loading />
}

/** what a new campaign's editor says once it has moved to the saved campaign's address */
let createdMessage: string | null = null

function CampaignForm({ campaign }: { campaign: AdminCampaign | null }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [draft, setDraft] = useState<CampaignDraft>(() => (campaign ? draftOf(campaign) : newDraft()))
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [status, setStatus] = useState<string | null>(() => {
    const message = createdMessage
    createdMessage = null
    return message
  })
  const [deleting, setDeleting] = useState(false)
  const change = (patch: Partial<CampaignDraft>) => setDraft((current) => ({ ...current, ...patch }))

  const save = useMutation({
    mutationFn: () => catalogueApi.saveCampaign(campaign?.id ?? null, bodyOf(draft)),
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setStatus(null)
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.campaigns() })
      queryClient.setQueryData(catalogueKeys.campaign(saved.id), saved)
      change({ version: saved.version, products: saved.products })
      setStatus(t('admin-catalogue.saved', { name: saved.name }))
      if (!campaign) {
        createdMessage = t('admin-catalogue.saved', { name: saved.name })
        void navigate(adminLink(`campaigns/${saved.id}`))
      }
    },
    onError: async (error) => {
      if (error instanceof ApiRequestError && error.status === 409 && error.fields.version && campaign) {
        // someone saved since: show who and when, keep what was typed, nothing was overwritten
        const fresh = await queryClient.fetchQuery({ ...campaignQuery(campaign.id), staleTime: 0 })
        setErrors({
          fields: {},
          form: t('admin-catalogue.conflict', {
            name: fresh.updatedBy ?? t('admin-catalogue.someone'),
            time: formatTime(fresh.updatedAt),
          }),
        })
        return
      }
      setErrors(formErrors(error, FIELDS))
    },
  })
  const remove = useMutation({
    mutationFn: () => catalogueApi.deleteCampaign(campaign?.id ?? 0),
    meta: quiet,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.campaigns() })
      void navigate(adminLink('campaigns'))
    },
    onError: (error) => {
      setDeleting(false)
      setErrors(formErrors(error, []))
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <div className="admin-page">
      <h1>{campaign ? campaign.name : t('admin-catalogue.new-campaign')}</h1>
      {campaign && (
        <p>
          <span className={`admin-tag catalogue-status--${campaign.status}`}>
            {campaignStatusName(campaign.status)}
          </span>
        </p>
      )}
      <form className="catalogue-form" onSubmit={submit} noValidate>
        <CampaignDetails draft={draft} change={change} errors={errors} />
        <CampaignMembers
          draft={draft}
          change={change}
          errors={errors}
          members={campaign?.products.length ?? null}
        />
        <LiveStatus message={status} />
        <FormAlert message={errors.form ?? errors.fields.version ?? errors.fields.rule ?? null} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {campaign ? t('admin-catalogue.save') : t('admin-catalogue.create-campaign')}
          </button>
          {campaign && (
            <button type="button" className="button button--ghost" onClick={() => setDeleting(true)}>
              {t('admin-catalogue.delete')}
            </button>
          )}
        </div>
      </form>
      {deleting && campaign && (
        <ConfirmDialog
          title={t('admin-catalogue.delete-title', { name: campaign.name })}
          text={t('admin-catalogue.delete-campaign-text')}
          confirmLabel={t('admin-catalogue.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </div>
  )
}
