import './settings.css'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type SettingsAnswer, type ShopSettings, settingsAnswer } from '../../contract/settings'
import { t } from '../../i18n'
import { formatTime } from '../../i18n/date-time'
import { ApiRequestError } from '../../lib/api'
import { shopKeys } from '../../state/shop'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { FormAlert } from '../form-parts'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import type { FieldErrors } from './settings-fields'
import { SettingsForm } from './settings-form'

type Saved = SettingsAnswer['data']

const settingsKey = [...adminKeys.all, 'settings'] as const
const settingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: async ({ signal }) => (await adminRead('/admin/settings', settingsAnswer, signal)).data,
  staleTime: 0,
  meta: quiet,
})

/** The server's messages for the settings' fields, by their path in the settings. */
export function settingsErrors(error: unknown): { fields: FieldErrors; form: string | null } {
  if (!(error instanceof ApiRequestError)) return { fields: {}, form: t('common.failed') }
  const fields: FieldErrors = {}
  const rest: string[] = []
  for (const [field, messages] of Object.entries(error.fields)) {
    const path = field.startsWith('settings.') ? field.slice('settings.'.length) : null
    if (path && messages[0]) fields[path] = messages[0]
    else rest.push(...messages)
  }
  const form = rest.length > 0 ? rest.join(' ') : Object.keys(fields).length > 0 ? null : error.message
  return { fields, form }
}

/** "Changed by Karim at 14:05": who saved over the form meanwhile, in Bangladesh's time. */
export function conflictText(saved: Pick<Saved, 'updatedBy' | 'updatedAt'>): string {
  return t('admin-settings.conflict', {
    name: saved.updatedBy ?? t('admin-settings.someone'),
    time: saved.updatedAt ? formatTime(saved.updatedAt) : '',
  })
}

/** The owner's settings page: the shop, contact, delivery, taxes and stock, policies and SEO. */
export function SettingsPage(_props: SectionPageProps) {
  const queryClient = useQueryClient()
  const loaded = useQuery(settingsQuery)
  // the version the form was opened with: a save carries it, whatever was read since
  const [base, setBase] = useState<Saved | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [conflict, setConflict] = useState<Saved | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  if (!base && loaded.data) setBase(loaded.data)
  const opened = base ?? loaded.data ?? null

  const save = useMutation({
    mutationFn: (settings: ShopSettings) =>
      adminWrite('put', '/admin/settings', settingsAnswer, { version: opened?.version, settings }),
    meta: quiet,
    onMutate: () => {
      setStatus(null)
      setProblem(null)
      setErrors({})
    },
    onSuccess: (answer) => {
      setBase(answer.data)
      setConflict(null)
      queryClient.setQueryData(settingsKey, answer.data)
      void queryClient.invalidateQueries({ queryKey: shopKeys.all })
      setStatus(t('admin-settings.saved'))
    },
    onError: async (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        // nothing was written: say who saved meanwhile, keep what was typed
        const now = await queryClient.fetchQuery(settingsQuery).catch(() => null)
        setConflict(now)
        setProblem(now ? null : error.message)
        return
      }
      const split = settingsErrors(error)
      setErrors(split.fields)
      setProblem(split.form)
    },
  })

  const takeTheirs = () => {
    if (!conflict) return
    setBase(conflict)
    setConflict(null)
    setFormKey((key) => key + 1)
  }

  return (
    <div className="admin-page">
      <h1>{t('admin.nav-settings')}</h1>
      <p>{t('admin.about-settings')}</p>
      {opened ? (
        <SettingsForm
          key={formKey}
          initial={opened.settings}
          busy={save.isPending}
          errors={errors}
          status={status}
          problem={
            conflict ? (
              <div className="admin-notice" role="alert">
                <p>{conflictText(conflict)}</p>
                <button type="button" className="button" onClick={takeTheirs}>
                  {t('admin-settings.load-theirs')}
                </button>
              </div>
            ) : (
              <FormAlert message={problem} />
            )
          }
          onSave={(settings) => save.mutate(settings)}
        />
      ) : loaded.error ? (
        <LoadProblem error={loaded.error} onRetry={() => void loaded.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}
