import './content.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  HOME_MAX_SECTIONS,
  HOME_SECTION_TYPES,
  type HomeEdit,
  type HomeSectionEdit,
  type HomeSectionType,
} from '../../contract/admin-content'
import type { MenuDocument } from '../../contract/menu'
import { figure, t } from '../../i18n'
import { Field } from '../../ui/field'
import { quiet } from '../admin-api'
import { type FormErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, SelectField } from '../form-parts'
import { moved, RowMoves } from '../row-moves'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { contentApi, contentKeys, homeEditQuery, pickerRefsQuery, saveErrors } from './content-api'
import { HomePreview } from './home-preview'
import { emptySection, HomeSectionFields, sectionTypeName } from './home-section-card'

/** The home page's builder: banners and rows of products in any order, each on its days; previewed, then published. */
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

/** Every field a section can be told about, for the server's messages to go next to. */
function fieldNames(sections: HomeSectionEdit[]): string[] {
  return sections.flatMap((section, index) => {
    const at = `sections.${index}`
    return [
      ...['slug', 'name', 'nameBn', 'products', 'slides', 'startsOn', 'endsOn'].map(
        (field) => `${at}.${field}`,
      ),
      ...section.slides.flatMap((_, slide) =>
        ['image', 'imageBn', 'link', 'alt', 'altBn'].map((field) => `${at}.slides.${slide}.${field}`),
      ),
    ]
  })
}

/** What a section is called in the list and in what is announced about it. */
function sectionLabel(section: HomeSectionEdit, index: number): string {
  const kind = sectionTypeName(section.type)
  const name = section.type === 'banner' ? section.slides[0]?.alt : section.name || section.slug
  return t('admin-content.home-section-label', { number: figure(index + 1), kind, name: name || '' })
}

function HomeEditor({ loaded }: { loaded: HomeEdit }) {
  const queryClient = useQueryClient()
  const refs = useQuery(pickerRefsQuery)
  const [version, setVersion] = useState(loaded.version)
  const [sections, setSections] = useState(loaded.sections)
  const [draft, setDraft] = useState(loaded.draft)
  const [status, setStatus] = useState<string | null>(null)
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [adding, setAdding] = useState<HomeSectionType | ''>('')
  const [previewDay, setPreviewDay] = useState('')
  const [preview, setPreview] = useState<{ document: MenuDocument; day: string; key: number } | null>(null)
  const errorOf = (field: string) => errors.fields[field] ?? null

  const save = useMutation({
    mutationFn: (asDraft: boolean) => contentApi.saveHome(version, sections, asDraft),
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (saved) => {
      setVersion(saved.version)
      setSections(saved.sections)
      setDraft(saved.draft)
      queryClient.setQueryData(contentKeys.home(), saved)
      setStatus(saved.draft ? t('admin-content.home-draft-saved') : t('admin-content.home-saved'))
    },
    onError: (error) => setErrors(saveErrors(error, fieldNames(sections))),
  })
  const showPreview = useMutation({
    mutationFn: () => contentApi.previewHome(sections, previewDay || undefined),
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (document) => {
      setPreview({ document, day: previewDay, key: (preview?.key ?? 0) + 1 })
      setStatus(t('admin-content.home-previewed'))
    },
    onError: (error) => setErrors(saveErrors(error, fieldNames(sections))),
  })

  const change = (next: HomeSectionEdit[]) => {
    setSections(next)
    setPreview(null)
  }
  const move = (from: number, to: number) => {
    const section = sections[from]
    if (!section) return
    const next = moved(sections, from, to)
    change(next)
    setStatus(
      t('admin-content.moved', {
        name: sectionLabel(section, from),
        position: figure(to + 1),
        count: figure(next.length),
      }),
    )
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby="home-sections">
        <h2 id="home-sections">{t('admin-content.home-sections')}</h2>
        <p className="admin-status">
          {draft ? t('admin-content.home-is-draft') : t('admin-content.home-is-published')}
        </p>
        <LiveStatus message={status} />
        {sections.length === 0 && <p className="admin-status">{t('admin-content.home-empty')}</p>}
        <ol className="home-sections">
          {sections.map((section, index) => {
            const label = sectionLabel(section, index)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a section has no identity but its place
              <li key={index} className="home-section-card">
                <fieldset>
                  <legend>{label}</legend>
                  <HomeSectionFields
                    section={section}
                    index={index}
                    refs={refs.data}
                    onChange={(next) => change(sections.map((s, i) => (i === index ? next : s)))}
                    errorOf={errorOf}
                  />
                  <RowMoves
                    index={index}
                    count={sections.length}
                    label={label}
                    onMove={(to) => move(index, to)}
                    onRemove={() => {
                      change(sections.filter((_, at) => at !== index))
                      setStatus(t('admin-content.removed', { name: label }))
                    }}
                  />
                </fieldset>
              </li>
            )
          })}
        </ol>
        {sections.length < HOME_MAX_SECTIONS && (
          <div className="home-add">
            <SelectField
              label={t('admin-content.home-add-kind')}
              value={adding}
              onChange={(event) => setAdding(event.target.value as HomeSectionType | '')}
            >
              <option value="">{t('admin-content.choose')}</option>
              {HOME_SECTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {sectionTypeName(type)}
                </option>
              ))}
            </SelectField>
            <button
              type="button"
              className="button button--ghost"
              disabled={!adding}
              onClick={() => {
                if (!adding) return
                change([...sections, emptySection(adding)])
                setStatus(t('admin-content.added', { name: sectionTypeName(adding) }))
                setAdding('')
              }}
            >
              {t('admin-content.home-add-section')}
            </button>
          </div>
        )}
        <FormAlert message={errors.form} />
        <div className="home-actions">
          <Field
            type="date"
            label={t('admin-content.home-preview-day')}
            value={previewDay}
            onChange={(event) => {
              setPreviewDay(event.target.value)
              setPreview(null)
            }}
          />
          <button
            type="button"
            className="button button--ghost"
            disabled={showPreview.isPending}
            onClick={() => showPreview.mutate()}
          >
            {t('admin-content.home-preview')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={save.isPending}
            onClick={() => save.mutate(true)}
          >
            {t('admin-content.home-save-draft')}
          </button>
          <button
            type="button"
            className="button"
            disabled={save.isPending}
            onClick={() => save.mutate(false)}
          >
            {t('admin-content.home-publish')}
          </button>
        </div>
      </section>
      {preview && <HomePreview key={preview.key} document={preview.document} day={preview.day} />}
    </>
  )
}
