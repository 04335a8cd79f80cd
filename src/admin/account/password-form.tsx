import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { adminApi, adminKeys, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, NewPasswordFields, newPasswordOf, passwordMismatch } from '../form-parts'

/** The current password and a new one, typed twice; the new session answer replaces the old. */
export function PasswordForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState(noErrors)
  const [done, setDone] = useState<string | null>(null)
  const change = useMutation({
    mutationFn: adminApi.changePassword,
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setDone(null)
    },
    onSuccess: (session) => {
      queryClient.setQueryData(adminKeys.session(), session)
      setDone(t('admin.password-changed'))
    },
    onError: (error) => setErrors(formErrors(error, ['currentPassword', 'newPassword'])),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    const newPassword = newPasswordOf(form, 'newPassword')
    if (newPassword === null) {
      setErrors(passwordMismatch())
      return
    }
    change.mutate(
      { currentPassword: String(form.get('currentPassword') ?? ''), newPassword },
      { onSuccess: () => target.reset() },
    )
  }
  return (
    <form className="auth-form" onSubmit={submit} aria-label={t('admin.change-password')} noValidate>
      <Field
        label={t('admin.current-password')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={errors.fields.currentPassword}
        required
        autoFocus={autoFocus}
      />
      <NewPasswordFields name="newPassword" errors={errors.fields} />
      <FormAlert message={errors.form} />
      <button type="submit" className="button" disabled={change.isPending}>
        {t('admin.save-password')}
      </button>
      <LiveStatus message={done} />
    </form>
  )
}
