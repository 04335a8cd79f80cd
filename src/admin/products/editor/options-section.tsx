import { type KeyboardEvent, useState } from 'react'
import { MAX_OPTIONS, type ProductOption } from '../../../contract/admin-product'
import { figure, t } from '../../../i18n'
import { type EditorForm, matrixFor } from './editor-form'
import { errorOf, GroupError, type SectionProps } from './editor-parts'
import { SkuMatrix } from './sku-matrix'

/** New options: the matrix follows (kept skus keep their figures). */
const withOptions = (form: EditorForm, options: ProductOption[]): EditorForm => ({
  ...form,
  options,
  skus: matrixFor(options, form.skus),
})

function OptionEditor({
  option,
  index,
  errors,
  onChange,
}: {
  option: ProductOption
  index: number
  errors: Record<string, string[]>
  onChange: SectionProps['onChange']
}) {
  const [value, setValue] = useState('')
  const update = (next: ProductOption | null) =>
    onChange((form) =>
      withOptions(
        form,
        next === null
          ? form.options.filter((_, at) => at !== index)
          : form.options.map((kept, at) => (at === index ? next : kept)),
      ),
    )
  const addValue = () => {
    const text = value.trim()
    if (!text || option.values.some((kept) => kept.toLowerCase() === text.toLowerCase())) return
    update({ ...option, values: [...option.values, text] })
    setValue('')
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      addValue()
    }
  }
  const label = option.name || t('admin-editor.option-number', { number: figure(index + 1) })
  const nameId = `editor-option-${index}-name`
  const valueId = `editor-option-${index}-value`
  return (
    <fieldset className="product-editor__option">
      <legend>{label}</legend>
      <div className="auth-field">
        <label htmlFor={nameId}>{t('admin-editor.option-name')}</label>
        <input
          id={nameId}
          value={option.name}
          maxLength={40}
          placeholder={t('admin-editor.option-name-example')}
          onChange={(event) => update({ ...option, name: event.target.value })}
        />
      </div>
      <GroupError message={errorOf(errors, `options.${index}.name`)} />
      <ul className="product-editor__chips" aria-label={t('admin-editor.option-values', { name: label })}>
        {option.values.map((kept) => (
          <li key={kept} className="product-editor__chip">
            <span>{kept}</span>
            <button
              type="button"
              aria-label={t('admin-editor.value-remove', { value: kept })}
              onClick={() => update({ ...option, values: option.values.filter((one) => one !== kept) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="product-editor__add-value">
        <div className="auth-field">
          <label htmlFor={valueId}>{t('admin-editor.value-new')}</label>
          <input
            id={valueId}
            value={value}
            maxLength={60}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={onKey}
          />
        </div>
        <button type="button" className="button button--ghost" onClick={addValue}>
          {t('admin-editor.value-add')}
        </button>
      </div>
      <GroupError message={errorOf(errors, `options.${index}.values`)} />
      <button type="button" className="button button--ghost" onClick={() => update(null)}>
        {t('admin-editor.option-remove', { name: label })}
      </button>
    </fieldset>
  )
}

const NOBODY_WAITING: ReadonlyMap<number, number> = new Map()

/**
 * Options (Size, Colour …) with their values as chips, and the matrix of skus made from them, each sold-out sku
 * with how many shoppers wait for it (`waitingBySku`, by sku id).
 */
export function OptionsSection({
  form,
  errors,
  onChange,
  waitingBySku = NOBODY_WAITING,
}: SectionProps & { waitingBySku?: ReadonlyMap<number, number> }) {
  return (
    <section className="admin-panel" aria-labelledby="editor-options">
      <h2 id="editor-options">{t('admin-editor.options')}</h2>
      <p className="product-editor__hint">{t('admin-editor.options-hint')}</p>
      {form.options.map((option, index) => (
        // options are edited in place; their place is who they are
        // biome-ignore lint/suspicious/noArrayIndexKey: an option's name changes as it is typed
        <OptionEditor key={index} option={option} index={index} errors={errors} onChange={onChange} />
      ))}
      <GroupError message={errorOf(errors, 'options')} />
      {form.options.length < MAX_OPTIONS && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            onChange((current) => withOptions(current, [...current.options, { name: '', values: [] }]))
          }
        >
          {t('admin-editor.option-add')}
        </button>
      )}
      <SkuMatrix form={form} errors={errors} onChange={onChange} waitingBySku={waitingBySku} />
    </section>
  )
}
