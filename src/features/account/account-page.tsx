import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { gender as genderSchema, type User } from '../../contract/auth'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { authKeys, useCurrentUser, useSessionPending } from '../../state/session'
import { openLogInModal } from '../../state/ui'
import { Field } from '../../ui/field'
import { accountApi } from './account-api'
import './account.css'

const messageOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : t('common.failed'))
type Outcome = { ok: boolean; text: string } | null

function Outcome({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null
  return (
    <p className={outcome.ok ? 'auth-success' : 'auth-error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  )
}

function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const gender = genderSchema.safeParse(form.get('gender'))
    const email = String(form.get('email') ?? '').trim()
    try {
      const answer = await accountApi.updateProfile({
        firstName: String(form.get('firstName') ?? ''),
        lastName: String(form.get('lastName') ?? ''),
        email: email || null,
        gender: gender.success ? gender.data : null,
      })
      queryClient.setQueryData(authKeys.session(), answer.data)
      setOutcome({ ok: true, text: t('account.profile-saved') })
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error) })
    }
  }
  return (
    <form className="auth-form" onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile')}</h2>
      <Field
        label={t('account.first-name')}
        name="firstName"
        defaultValue={user.firstName}
        autoComplete="given-name"
      />
      <Field
        label={t('account.last-name')}
        name="lastName"
        defaultValue={user.lastName}
        autoComplete="family-name"
      />
      <Field
        label={t('account.email')}
        name="email"
        type="email"
        defaultValue={user.email ?? ''}
        autoComplete="email"
      />
      <div className="auth-field">
        <label htmlFor="profile-gender">{t('account.gender')}</label>
        <select id="profile-gender" name="gender" defaultValue={user.gender ?? ''}>
          <option value="">{t('account.gender-none')}</option>
          <option value="female">{t('account.gender-female')}</option>
          <option value="male">{t('account.gender-male')}</option>
          <option value="other">{t('account.gender-other')}</option>
        </select>
      </div>
      <Outcome outcome={outcome} />
      <button type="submit" className="button">
        {t('account.save-profile')}
      </button>
    </form>
  )
}

function PasswordForm() {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    try {
      const answer = await accountApi.changePassword({
        currentPassword: String(form.get('currentPassword') ?? ''),
        password: String(form.get('password') ?? ''),
      })
      target.reset()
      setOutcome({ ok: true, text: answer.message })
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error) })
    }
  }
  return (
    <form className="auth-form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">{t('account.change-password')}</h2>
      <Field
        label={t('account.current-password')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
      />
      <Field
        label={t('account.new-password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Outcome outcome={outcome} />
      <button type="submit" className="button">
        {t('account.change-password')}
      </button>
    </form>
  )
}

/**
 * /user: the shopper's account home; logging out is the accounts feature's, handed in by the route, as is
 * `updates` (the offer of order updates by push).
 */
export function AccountPage({ onLogOut, updates }: { onLogOut: () => void; updates?: ReactNode }) {
  const user = useCurrentUser()
  const pending = useSessionPending()

  if (!user) {
    return (
      <section className="account-page" aria-labelledby="account-title" aria-busy={pending}>
        <h1 id="account-title">{t('account.title')}</h1>
        {pending ? (
          <p>{t('account.checking-session')}</p>
        ) : (
          <>
            <p>{t('account.log-in-to-see-account')}</p>
            <button type="button" className="button" onClick={() => openLogInModal('/user')}>
              {t('account.log-in')}
            </button>
          </>
        )}
      </section>
    )
  }
  const name = `${user.firstName} ${user.lastName}`.trim()
  return (
    <section className="account-page" aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      <div className="account-summary">
        <p className="account-summary__name">{name || t('account.welcome')}</p>
        {user.phone && <p>{user.phone}</p>}
        {user.email && <p>{user.email}</p>}
        <button type="button" className="button button--ghost" onClick={onLogOut}>
          {t('account.log-out')}
        </button>
      </div>
      {updates}
      <ProfileForm user={user} />
      <PasswordForm />
    </section>
  )
}
