import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { Field, phoneInputProps } from '../../ui/field'
import { authState } from './auth-state'
import { logInErrorText } from './login-error'
import { useAuthActions } from './use-auth-actions'

/** storefront §2 LOGIN form: mobile number, password, remember me. No checks beyond sending the fields (storefront §5). */
export function LoginForm() {
  const { logInError, logInErrorStatus } = useSnapshot(authState)
  const actions = useAuthActions()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    await actions.logIn(
      String(form.get('phone') ?? ''),
      String(form.get('password') ?? ''),
      form.has('remember'),
    )
    setBusy(false)
  }

  const error = logInErrorText(logInError, logInErrorStatus)
  return (
    <form className="auth-form" onSubmit={submit} aria-label={t('auth.password-form')}>
      <Field label={t('auth.mobile-number')} name="phone" {...phoneInputProps} required />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <label className="auth-check">
        <input type="checkbox" name="remember" defaultChecked /> {t('auth.remember-me')}
      </label>
      {error && (
        <p className="auth-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--block" disabled={busy}>
        {t('auth.login-button')}
      </button>
    </form>
  )
}

/** storefront §2 REGISTER form: mobile number and password; the names go empty (storefront §5). */
export function RegisterForm() {
  const { registrationError } = useSnapshot(authState)
  const actions = useAuthActions()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    await actions.register(String(form.get('phone') ?? ''), String(form.get('password') ?? ''))
    setBusy(false)
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t('auth.register')}>
      <Field label={t('auth.mobile-number')} name="phone" {...phoneInputProps} required />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
      />
      <button type="submit" className="button button--block" disabled={busy}>
        {t('auth.register-button')}
      </button>
      {registrationError && (
        <p className="auth-error" role="alert">
          {registrationError}
        </p>
      )}
    </form>
  )
}
