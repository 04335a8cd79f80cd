import './catalogue.css'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import {
  type OptionKind,
  type OptionLabel,
  type OptionLabelBody,
  optionLabelAnswer,
  optionLabelsAnswer,
} from '../../contract/admin-option-labels'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { Field } from '../../ui/field'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'

const optionLabelsKey = [...adminKeys.all, 'option-labels'] as const
const optionLabelsQuery = queryOptions({
  queryKey: optionLabelsKey,
  queryFn: ({ signal }) =>
    adminRead('/admin/option-labels', optionLabelsAnswer, signal).then((answer) => answer.data),
  meta: quiet,
})
const saveOptionLabel = (body: OptionLabelBody) =>
  adminWrite('put', '/admin/option-labels', optionLabelAnswer, body).then((answer) => answer.data)

/** One value's Bangla: the shop's own, or empty for the built-in one (shown as the field's placeholder). */
function OptionLabelRow({ row, onSaved }: { row: OptionLabel; onSaved: (saved: OptionLabel) => void }) {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const saving = useMutation({
    mutationFn: saveOptionLabel,
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onError: (error) => setErrors(formErrors(error, ['valueBn'])),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: optionLabelsKey })
      onSaved(saved)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const valueBn = String(new FormData(event.currentTarget).get('valueBn') ?? '')
    saving.mutate({ kind: row.kind, value: row.value, valueBn })
  }
  return (
    <li className="catalogue-row">
      <form className="admin-form catalogue-form" onSubmit={submit} noValidate>
        <Field
          label={t('admin-catalogue.option-bangla', { value: row.value })}
          name="valueBn"
          lang="bn"
          defaultValue={row.valueBn}
          placeholder={row.builtInBn || row.value}
          error={errors.fields.valueBn}
          aria-description={t('admin-catalogue.option-skus', { count: row.skus, shown: figure(row.skus) })}
        />
        <FormAlert message={errors.form} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={saving.isPending}>
            {t('admin-catalogue.save')}
          </button>
        </div>
      </form>
    </li>
  )
}

const KINDS: { kind: OptionKind; title: MessageKey }[] = [
  { kind: 'colour', title: msg('admin-catalogue.option-colours') },
  { kind: 'size', title: msg('admin-catalogue.option-sizes') },
]

/**
 * The shop's sizes and colours as Bangla pages name them: each value once, for every product. An empty field
 * leaves the built-in Bangla of common sizes and colours (its placeholder), or the English where there is none.
 */
export function OptionLabelsPage(_props: SectionPageProps) {
  const list = useQuery(optionLabelsQuery)
  const [status, setStatus] = useState('')
  return (
    <div className="admin-page">
      <h1>{t('admin-catalogue.options-title')}</h1>
      <p className="auth-note">{t('admin-catalogue.options-hint')}</p>
      <LiveStatus message={status} />
      {list.error ? (
        <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        KINDS.map(({ kind, title }) => (
          <section key={kind} className="admin-panel" aria-labelledby={`options-${kind}`}>
            <h2 id={`options-${kind}`}>{t(title)}</h2>
            <ul className="catalogue-list">
              {list.data
                .filter((row) => row.kind === kind)
                .map((row) => (
                  <OptionLabelRow
                    key={`${row.kind}:${row.value}`}
                    row={row}
                    onSaved={(saved) => setStatus(t('admin-catalogue.saved', { name: saved.value }))}
                  />
                ))}
            </ul>
          </section>
        ))
      )}
    </div>
  )
}
