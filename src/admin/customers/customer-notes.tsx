import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { CustomerImportSource } from '../../contract/admin-customer-import'
import type { AdminCustomer } from '../../contract/admin-customers'
import { formatDate, type MessageKey, msg, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, TextArea } from '../form-parts'
import { customerKeys, customersApi } from './customers-api'

/** Where a note brought from the previous shop came from. */
const importedTexts = {
  shopify_customers: msg('admin-customers.note-from-shopify'),
  shopify_orders: msg('admin-customers.note-from-shopify'),
  woocommerce_customers: msg('admin-customers.note-from-woocommerce'),
  woocommerce_orders: msg('admin-customers.note-from-woocommerce'),
} as const satisfies Record<CustomerImportSource, MessageKey>

/** What staff wrote about the customer (never shown to them), newest first, and a form for one more. */
export function CustomerNotes({ customer }: { customer: AdminCustomer }) {
  const queryClient = useQueryClient()
  const titleId = useId()
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [saved, setSaved] = useState<string | null>(null)
  // a fresh, empty field after each note kept
  const [formKey, setFormKey] = useState(0)
  const add = useMutation({
    mutationFn: (text: string) => customersApi.addNote(customer.id, text),
    meta: { silent: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(customerKeys.one(customer.id), updated)
      setErrors(noErrors)
      setSaved(t('admin-customers.note-saved'))
      setFormKey((key) => key + 1)
    },
    onError: (failure) => {
      setSaved(null)
      setErrors(formErrors(failure, ['text']))
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim()
    if (!text) {
      setErrors({ fields: { text: t('admin-customers.note-empty') }, form: null })
      return
    }
    add.mutate(text)
  }

  return (
    <section className="admin-panel customer-notes" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin-customers.notes')}</h2>
      <p className="customer-notes__hint">{t('admin-customers.notes-hint')}</p>
      <form key={formKey} className="admin-stack" onSubmit={submit} noValidate>
        <TextArea
          label={t('admin-customers.new-note')}
          name="text"
          maxLength={2000}
          error={errors.fields.text}
        />
        <FormAlert message={errors.form} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={add.isPending}>
            {t('admin-customers.add-note')}
          </button>
        </div>
      </form>
      <LiveStatus message={saved} />
      {customer.notes.length === 0 ? (
        <p>{t('admin-customers.no-notes')}</p>
      ) : (
        <ul className="customer-notes__list">
          {customer.notes.map((note) => (
            <li key={note.id}>
              <p className="customer-notes__text">{note.text}</p>
              <p className="customer-notes__by">
                {note.importedFrom && (
                  <span className="admin-tag">{t(importedTexts[note.importedFrom])}</span>
                )}{' '}
                {t('admin-customers.note-by', {
                  name: note.staff?.name || t('admin-customers.someone'),
                  time: formatDateTime(note.createdAt),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
