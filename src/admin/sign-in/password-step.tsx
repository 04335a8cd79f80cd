import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { t } from '../../i18n'
import { Field, phoneInputProps } from '../../ui/field'
import { adminApi, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { codeStep } from './code-step'
import { setSignInStep } from './sign-in-state'

/** Step 1: the staff member's mobile number and password. */
export function PasswordStep({ notice, phone }: { notice: string | null; phone: string }) {
  const [errors, setErrors] = useState(noErrors)
  const login = useMutation({
    mutationFn: adminApi.login,
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (answer) => setSignInStep(codeStep(answer)),
    onError: (error) => setErrors(formErrors(error, ['phone', 'password'])),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    login.mutate({ phone: String(form.get('phone') ?? ''), password: String(form.get('password') ?? '') })
  }
  return (
    <form className="auth-form" onSubmit={submit} aria-label={t('admin.sign-in-title')} noValidate>
      <LiveStatus message={notice} />
      <Field
        label={t('admin.mobile-number')}
        name="phone"
        {...phoneInputProps}
        autoComplete="username"
        defaultValue={phone}
        error={errors.fields.phone}
        required
        autoFocus={!phone}
      />
      <Field
        label={t('admin.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.fields.password}
        required
        autoFocus={Boolean(phone)}
      />
      <FormAlert message={errors.form} />
      <button type="submit" className="button button--block" disabled={login.isPending}>
        {t('admin.continue')}
      </button>
    </form>
  )
}
