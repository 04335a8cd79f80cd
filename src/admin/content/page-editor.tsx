import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useDeferredValue, useId, useState } from 'react'
import type { PageEdit } from '../../contract/admin-content'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { quiet } from '../admin-api'
import { type FormErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import { contentApi, contentKeys, saveErrors } from './content-api'

const FIELDS = ['slug', 'title', 'titleBn', 'markdown', 'markdownBn', 'published']
const blank = { slug: '', title: '', titleBn: '', markdown: '', markdownBn: '', published: true }

/** What shoppers would get from this Markdown: the server renders and sanitises it as it does on save. */
function Preview({ markdown, label }: { markdown: string; label: string }) {
  const text = useDeferredValue(markdown)
  const html = useQuery({
    queryKey: [...contentKeys.pages(), 'preview', text],
    queryFn: () => contentApi.preview(text),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
    meta: quiet,
  })
  return (
    <section className="content-preview" aria-label={label}>
      <h2>{label}</h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering, as shoppers get it */}
      <div className="page-document" dangerouslySetInnerHTML={{ __html: html.data ?? '' }} />
    </section>
  )
}

/** A page's editor: its address (new pages), titles and Markdown in both languages with a live preview. */
export function PageEditor({ loaded }: { loaded?: PageEdit }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [page, setPage] = useState(loaded ?? { ...blank, version: null as string | null })
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [done, setDone] = useState<string | null>(null)
  const bnId = useId()
  const enId = useId()
  const set = (change: Partial<typeof page>) => setPage({ ...page, ...change })

  const save = useMutation({
    mutationFn: () => {
      const { slug, version, ...fields } = page
      return loaded
        ? contentApi.savePage(loaded.slug, { ...fields, version })
        : contentApi.createPage({ slug, ...fields })
    },
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setDone(null)
    },
    onSuccess: (saved) => {
      setPage(saved)
      queryClient.setQueryData(contentKeys.page(saved.slug), saved)
      void queryClient.invalidateQueries({ queryKey: contentKeys.pages() })
      setDone(t('admin-content.page-saved'))
      if (!loaded) void navigate(adminLink(`pages/${saved.slug}`))
    },
    onError: (error) => setErrors(saveErrors(error, FIELDS)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }

  return (
    <div className="admin-page">
      <h1>{loaded ? loaded.title : t('admin-content.new-page')}</h1>
      <form className="admin-panel content-page-form" onSubmit={submit} noValidate>
        {!loaded && (
          <Field
            label={t('admin-content.page-slug')}
            value={page.slug}
            onChange={(event) => set({ slug: event.target.value.toLowerCase() })}
            error={errors.fields.slug}
            maxLength={100}
            required
          />
        )}
        <Field
          label={t('admin-content.page-title')}
          value={page.title}
          onChange={(event) => set({ title: event.target.value })}
          error={errors.fields.title}
          maxLength={200}
          required
        />
        <Field
          label={t('admin-content.page-title-bn')}
          value={page.titleBn}
          lang="bn"
          onChange={(event) => set({ titleBn: event.target.value })}
          error={errors.fields.titleBn}
          maxLength={200}
        />
        <div className="content-markdown">
          <div className="auth-field">
            <label htmlFor={enId}>{t('admin-content.page-markdown')}</label>
            <textarea
              id={enId}
              rows={12}
              value={page.markdown}
              onChange={(event) => set({ markdown: event.target.value })}
            />
          </div>
          <Preview markdown={page.markdown} label={t('admin-content.preview')} />
        </div>
        <div className="content-markdown">
          <div className="auth-field">
            <label htmlFor={bnId}>{t('admin-content.page-markdown-bn')}</label>
            <textarea
              id={bnId}
              rows={12}
              lang="bn"
              value={page.markdownBn}
              onChange={(event) => set({ markdownBn: event.target.value })}
            />
          </div>
          <Preview markdown={page.markdownBn} label={t('admin-content.preview-bn')} />
        </div>
        <label className="content-check">
          <input
            type="checkbox"
            checked={page.published}
            onChange={(event) => set({ published: event.target.checked })}
          />
          {t('admin-content.page-published')}
        </label>
        <FormAlert message={errors.form} />
        <LiveStatus message={done} />
        <div className="admin-actions admin-actions--end">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('admin-content.save-page')}
          </button>
        </div>
      </form>
    </div>
  )
}
