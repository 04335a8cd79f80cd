import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../../contract/staff'
import { t } from '../../i18n'
import { Field, phoneInputProps } from '../../ui/field'
import { adminApi, adminKeys, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, SelectField } from '../form-parts'
import { roleName, staffName } from '../roles'

const fields = ['phone', 'firstName', 'lastName', 'role'] as const

/** Inviting someone: their number, name and role; the answer is their one-time setup link to hand over. */
export function InviteForm() {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState(noErrors)
  const [invited, setInvited] = useState<{ staff: StaffMember; setupUrl: string } | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  const invite = useMutation({
    mutationFn: adminApi.invite,
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setCopied(null)
    },
    onSuccess: (answer) => {
      setInvited(answer)
      void queryClient.invalidateQueries({ queryKey: adminKeys.staff() })
    },
    onError: (error) => setErrors(formErrors(error, fields)),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    invite.mutate({
      phone: text('phone'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      role: text('role') as StaffRole,
    })
  }
  const copy = (url: string) =>
    navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(t('admin.link-copied')))
      .catch(() => setCopied(t('admin.link-copy-failed')))

  if (invited)
    return (
      <div className="admin-stack">
        <p role="status">{t('admin.invited', { name: staffName(invited.staff) })}</p>
        <div className="auth-field">
          <label htmlFor="setup-link">{t('admin.setup-link')}</label>
          <input
            id="setup-link"
            readOnly
            value={invited.setupUrl}
            onFocus={(event) => event.target.select()}
          />
        </div>
        <p className="auth-note">{t('admin.setup-link-note')}</p>
        <div className="admin-actions">
          <button type="button" className="button" onClick={() => void copy(invited.setupUrl)}>
            {t('admin.copy-link')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setInvited(null)}>
            {t('admin.invite-another')}
          </button>
        </div>
        <LiveStatus message={copied} />
      </div>
    )
  return (
    <form
      className="auth-form admin-form-grid"
      onSubmit={submit}
      aria-label={t('admin.invite-title')}
      noValidate
    >
      <Field
        label={t('admin.mobile-number')}
        name="phone"
        {...phoneInputProps}
        autoComplete="off"
        error={errors.fields.phone}
        required
      />
      <Field
        label={t('admin.first-name')}
        name="firstName"
        autoComplete="off"
        maxLength={100}
        error={errors.fields.firstName}
        required
      />
      <Field
        label={t('admin.last-name')}
        name="lastName"
        autoComplete="off"
        maxLength={100}
        error={errors.fields.lastName}
      />
      <SelectField label={t('admin.role')} name="role" defaultValue="staff" error={errors.fields.role}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleName(role)}
          </option>
        ))}
      </SelectField>
      <FormAlert message={errors.form} />
      <div className="admin-form-grid__end">
        <button type="submit" className="button" disabled={invite.isPending}>
          {t('admin.invite')}
        </button>
      </div>
    </form>
  )
}
