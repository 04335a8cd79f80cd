import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useState } from 'react'
import { t } from '../../i18n'
import { Field, phoneInputProps } from '../../ui/field'
import { adminApi, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, NewPasswordFields, newPasswordOf, passwordMismatch } from '../form-parts'
import { loginLink } from '../links'
import { passwordStep } from './code-step'
import { SignInFrame } from './sign-in-frame'
import { setSignInStep } from './sign-in-state'

const fields = ['phone', 'firstName', 'lastName', 'password'] as const

/**
 * `/admin/setup?owner=…`: the one-time link a start prints while the shop has no owner. Whoever opens it
 * chooses the first owner's number, name and password.
 */
export function FirstOwnerPage({ token, languageSwitch }: { token: string; languageSwitch: ReactNode }) {
  const [errors, setErrors] = useState(noErrors)
  const create = useMutation({
    mutationFn: adminApi.firstOwner,
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    // the sign-in form starts with the owner's number
    onSuccess: (phone) => setSignInStep(passwordStep(null, phone)),
    onError: (error) => setErrors(formErrors(error, fields)),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const password = newPasswordOf(form, 'password')
    if (password === null) {
      setErrors(passwordMismatch())
      return
    }
    create.mutate({
      token,
      phone: text('phone'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      password,
    })
  }

  if (create.isSuccess)
    return (
      <SignInFrame title={t('admin.first-owner-done-title')} languageSwitch={languageSwitch}>
        <p role="status">{t('admin.first-owner-done')}</p>
        <Link {...loginLink()} className="button button--block">
          {t('admin.go-to-sign-in')}
        </Link>
      </SignInFrame>
    )
  return (
    <SignInFrame title={t('admin.first-owner-title')} languageSwitch={languageSwitch}>
      <form className="auth-form" onSubmit={submit} aria-label={t('admin.first-owner-title')} noValidate>
        <p className="auth-note">{t('admin.first-owner-intro')}</p>
        <Field
          label={t('admin.mobile-number')}
          name="phone"
          {...phoneInputProps}
          error={errors.fields.phone}
          required
          autoFocus
        />
        <Field
          label={t('admin.first-name')}
          name="firstName"
          autoComplete="given-name"
          maxLength={100}
          error={errors.fields.firstName}
          required
        />
        <Field
          label={t('admin.last-name')}
          name="lastName"
          autoComplete="family-name"
          maxLength={100}
          error={errors.fields.lastName}
        />
        <NewPasswordFields name="password" errors={errors.fields} />
        <FormAlert message={errors.form} />
        <button type="submit" className="button button--block" disabled={create.isPending}>
          {t('admin.first-owner-create')}
        </button>
      </form>
    </SignInFrame>
  )
}
