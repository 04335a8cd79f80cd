import { t } from '../../../i18n'
import { Field } from '../../../ui/field'
import { TextArea } from '../../form-parts'
import { errorOf, type SectionProps } from './editor-parts'

/** What search engines show: the title and description, with how a result would read. */
export function MetaSection({ form, errors, onChange }: SectionProps) {
  const title = form.metaTitle || form.name
  const description = form.metaDescription || form.shortDescription
  const address = `${window.location.origin}/product/${form.slug}`
  return (
    <section className="admin-panel" aria-labelledby="editor-meta">
      <h2 id="editor-meta">{t('admin-editor.meta')}</h2>
      <Field
        label={t('admin-editor.meta-title')}
        value={form.metaTitle}
        maxLength={200}
        placeholder={form.name}
        error={errorOf(errors, 'metaTitle')}
        onChange={(event) => {
          const metaTitle = event.target.value
          onChange((current) => ({ ...current, metaTitle }))
        }}
      />
      <TextArea
        label={t('admin-editor.meta-description')}
        value={form.metaDescription}
        maxLength={500}
        placeholder={form.shortDescription}
        error={errorOf(errors, 'metaDescription')}
        onChange={(event) => {
          const metaDescription = event.target.value
          onChange((current) => ({ ...current, metaDescription }))
        }}
      />
      <figure className="product-editor__search-result">
        <figcaption>{t('admin-editor.search-preview')}</figcaption>
        <p className="product-editor__search-title">{title.slice(0, 60) || t('admin-editor.untitled')}</p>
        <p className="product-editor__search-address">{address}</p>
        <p className="product-editor__search-text">{description.slice(0, 160)}</p>
      </figure>
    </section>
  )
}
