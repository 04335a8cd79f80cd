import './content.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { HomeEdit, HomeSectionEdit } from '../../contract/admin-content'
import { figure, t } from '../../i18n'
import { quiet } from '../admin-api'
import { type FormErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, SelectField } from '../form-parts'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { contentApi, contentKeys, homeEditQuery, pickerRefsQuery, saveErrors } from './content-api'

/** The home page's sections: which campaign is the flash deal, and which categories follow, in order. */
export function HomeSectionsPage(_props: SectionPageProps) {
  const home = useQuery(homeEditQuery)
  return (
    <div className="admin-page">
      <h1>{t('admin.nav-home')}</h1>
      <p>{t('admin-content.home-help')}</p>
      {home.data ? (
        <HomeEditor loaded={home.data} />
      ) : home.error ? (
        <LoadProblem error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}

function HomeEditor({ loaded }: { loaded: HomeEdit }) {
  const queryClient = useQueryClient()
  const refs = useQuery(pickerRefsQuery)
  const [version, setVersion] = useState(loaded.version)
  const [campaign, setCampaign] = useState(loaded.sections.find((s) => s.type === 'campaign')?.slug ?? '')
  const [categories, setCategories] = useState(loaded.sections.filter((s) => s.type === 'category'))
  const [status, setStatus] = useState<string | null>(null)
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const save = useMutation({
    mutationFn: () => {
      const own = loaded.sections.find((s) => s.type === 'campaign' && s.slug === campaign)
      const sections: HomeSectionEdit[] = [
        ...(campaign ? [own ?? { type: 'campaign' as const, slug: campaign }] : []),
        ...categories,
      ]
      return contentApi.saveHome(version, sections)
    },
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (saved) => {
      setVersion(saved.version)
      queryClient.setQueryData(contentKeys.home(), saved)
      setStatus(t('admin-content.home-saved'))
    },
    onError: (error) => setErrors(saveErrors(error, [])),
  })
  const move = (from: number, to: number) => {
    const next = [...categories]
    const [row] = next.splice(from, 1)
    if (!row) return
    next.splice(to, 0, row)
    setCategories(next)
    setStatus(
      t('admin-content.moved', {
        name: row.name ?? row.slug,
        position: figure(to + 1),
        count: figure(next.length),
      }),
    )
  }
  const categoryName = (slug: string) => refs.data?.categories.find((c) => c.slug === slug)?.name ?? slug

  return (
    <section className="admin-panel" aria-labelledby="home-sections">
      <h2 id="home-sections">{t('admin-content.home-sections')}</h2>
      <LiveStatus message={status} />
      <SelectField
        label={t('admin-content.home-campaign')}
        value={campaign}
        onChange={(e) => setCampaign(e.target.value)}
      >
        <option value="">{t('admin-content.home-no-campaign')}</option>
        {refs.data?.campaigns.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
        {!refs.data && campaign && <option value={campaign}>{campaign}</option>}
      </SelectField>
      <h3>{t('admin-content.home-categories')}</h3>
      <ol className="content-rows">
        {categories.map((section, index) => (
          <li key={section.slug} className="content-row">
            <span>{section.name ?? categoryName(section.slug)}</span>
            <div className="content-row__buttons">
              <button
                type="button"
                className="button button--ghost"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                {t('admin-content.move-up')}
                <span className="visually-hidden"> {section.name ?? section.slug}</span>
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={index === categories.length - 1}
                onClick={() => move(index, index + 1)}
              >
                {t('admin-content.move-down')}
                <span className="visually-hidden"> {section.name ?? section.slug}</span>
              </button>
              <button
                type="button"
                className="button button--ghost admin-button--danger"
                onClick={() => setCategories(categories.filter((_, at) => at !== index))}
              >
                {t('admin-content.remove')}
                <span className="visually-hidden"> {section.name ?? section.slug}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      {categories.length < 4 && (
        <SelectField
          label={t('admin-content.home-add-category')}
          value=""
          onChange={(event) => {
            const found = refs.data?.categories.find((c) => c.slug === event.target.value)
            if (found)
              setCategories([
                ...categories,
                { type: 'category', slug: found.slug, name: found.name, nameBn: found.nameBn || undefined },
              ])
          }}
        >
          <option value="">{t('admin-content.choose')}</option>
          {refs.data?.categories
            .filter((c) => c.parentId === null && !categories.some((s) => s.slug === c.slug))
            .map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
        </SelectField>
      )}
      <FormAlert message={errors.form} />
      <div className="admin-actions admin-actions--end">
        <button type="button" className="button" disabled={save.isPending} onClick={() => save.mutate()}>
          {t('admin-content.save-home')}
        </button>
      </div>
    </section>
  )
}
