import { t } from '../../../i18n'
import { Field } from '../../../ui/field'
import { TextArea } from '../../form-parts'
import { withName } from './editor-form'
import { errorOf, type SectionProps } from './editor-parts'

/** Names and descriptions, English and Bangla side by side (one above the other on a phone). */
export function TextsSection({ form, errors, onChange }: SectionProps) {
  return (
    <section className="admin-panel" aria-labelledby="editor-texts">
      <h2 id="editor-texts">{t('admin-editor.texts')}</h2>
      <div className="product-editor__languages">
        <fieldset>
          <legend>{t('admin-editor.english')}</legend>
          <Field
            label={t('admin-editor.name')}
            lang="en"
            value={form.name}
            required
            maxLength={200}
            error={errorOf(errors, 'name')}
            onChange={(event) => {
              const name = event.target.value
              onChange((current) => withName(current, name))
            }}
          />
          <TextArea
            label={t('admin-editor.short-description')}
            lang="en"
            value={form.shortDescription}
            error={errorOf(errors, 'shortDescription')}
            onChange={(event) => {
              const shortDescription = event.target.value
              onChange((current) => ({ ...current, shortDescription }))
            }}
          />
          <TextArea
            label={t('admin-editor.long-description')}
            lang="en"
            value={form.longDescription}
            rows={6}
            error={errorOf(errors, 'longDescription')}
            onChange={(event) => {
              const longDescription = event.target.value
              onChange((current) => ({ ...current, longDescription }))
            }}
          />
        </fieldset>
        <fieldset>
          <legend>{t('admin-editor.bangla')}</legend>
          <Field
            label={t('admin-editor.name-bn')}
            lang="bn"
            value={form.nameBn}
            maxLength={200}
            error={errorOf(errors, 'nameBn')}
            onChange={(event) => {
              const nameBn = event.target.value
              onChange((current) => ({ ...current, nameBn }))
            }}
          />
          <TextArea
            label={t('admin-editor.short-description-bn')}
            lang="bn"
            value={form.shortDescriptionBn}
            error={errorOf(errors, 'shortDescriptionBn')}
            onChange={(event) => {
              const shortDescriptionBn = event.target.value
              onChange((current) => ({ ...current, shortDescriptionBn }))
            }}
          />
          <TextArea
            label={t('admin-editor.long-description-bn')}
            lang="bn"
            value={form.longDescriptionBn}
            rows={6}
            error={errorOf(errors, 'longDescriptionBn')}
            onChange={(event) => {
              const longDescriptionBn = event.target.value
              onChange((current) => ({ ...current, longDescriptionBn }))
            }}
          />
        </fieldset>
      </div>
    </section>
  )
}
