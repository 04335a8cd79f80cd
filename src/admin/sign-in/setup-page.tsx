import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useState } from 'react'
import { t } from '../../i18n'
import { adminApi, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, NewPasswordFields, newPasswordOf, passwordMismatch } from '../form-parts'
import { loginLink } from '../links'
import { passwordStep } from './code-step'
import { SignInFrame } from './sign-in-frame'
import { setSignInStep } from './sign-in-state'

/** `/admin/setup?token=…`: the one-time link of a new owner or an invited staff member, to choose a first password. */
export function SetupPage({ token, languageSwitch }: { token: string; languageSwitch: ReactNode }) {
  const [errors, setErrors] = useState(noErrors)
  const setUp = useMutation({
    mutationFn: adminApi.setUp,
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    // the sign-in form starts with this person's number
    onSuccess: (phone) => setSignInStep(passwordStep(null, phone)),
    onError: (error) => setErrors(formErrors(error, ['password'])),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const password = newPasswordOf(form, 'password')
    if (password === null) {
      setErrors(passwordMismatch())
      return
    }
    setUp.mutate({ token, password })
  }

  if (setUp.isSuccess)
    return (
      <SignInFrame title={t('admin.setup-done-title')} languageSwitch={languageSwitch}>
        <p role="status">{t('admin.setup-done')}</p>
        <Link {...loginLink()} className="button button--block">
          {t('admin.go-to-sign-in')}
        </Link>
      </SignInFrame>
    )
  return (
    <SignInFrame title={t('admin.setup-title')} languageSwitch={languageSwitch}>
      {token ? (
        <form className="auth-form" onSubmit={submit} aria-label={t('admin.setup-title')} noValidate>
          <p className="auth-note">{t('admin.setup-intro')}</p>
          <NewPasswordFields name="password" errors={errors.fields} autoFocus />
          <FormAlert message={errors.form} />
          <button type="submit" className="button button--block" disabled={setUp.isPending}>
            {t('admin.save-password')}
          </button>
        </form>
      ) : (
        <p role="alert">{t('admin.setup-no-token')}</p>
      )}
    </SignInFrame>
  )
}
