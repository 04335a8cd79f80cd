import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { TotpSetupAnswer } from '../../contract/staff'
import { t } from '../../i18n'
import { CodeField } from '../../ui/code-field'
import { Field } from '../../ui/field'
import { adminApi, adminKeys, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'

/** The secret in groups of four, as authenticator apps show and accept it. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')
}

/** Setting up an authenticator app: its QR code and the secret as text, then the app's first code confirms. */
export function TotpSetup({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient()
  const [setup, setSetup] = useState<TotpSetupAnswer['data'] | null>(null)
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState(noErrors)
  const [done, setDone] = useState<string | null>(null)
  const start = useMutation({
    mutationFn: adminApi.totpSetup,
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setDone(null)
    },
    onSuccess: (answer) => {
      setSetup(answer)
      setCode('')
    },
    onError: (error) => setErrors(formErrors(error, ['currentPassword'])),
  })
  const confirm = useMutation({
    mutationFn: adminApi.totpConfirm,
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (session) => {
      queryClient.setQueryData(adminKeys.session(), session)
      setSetup(null)
      setDone(t('admin.totp-done'))
    },
    onError: (error) => setErrors(formErrors(error, ['code'])),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    confirm.mutate(code)
  }
  // a session left open is not enough to change the second factor: the password first
  const begin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const target = event.currentTarget
    const password = String(new FormData(target).get('currentPassword') ?? '')
    start.mutate(password, { onSuccess: () => target.reset() })
  }

  if (!setup)
    return (
      <div className="admin-stack">
        <p>{enabled ? t('admin.totp-on') : t('admin.totp-off')}</p>
        <form
          className="auth-form"
          onSubmit={begin}
          aria-label={enabled ? t('admin.totp-replace') : t('admin.totp-start')}
          noValidate
        >
          <Field
            label={t('admin.current-password')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={errors.fields.currentPassword}
            required
          />
          <FormAlert message={errors.form} />
          <div>
            <button type="submit" className="button" disabled={start.isPending}>
              {enabled ? t('admin.totp-replace') : t('admin.totp-start')}
            </button>
          </div>
        </form>
        <LiveStatus message={done} />
      </div>
    )
  return (
    <div className="admin-stack">
      <ol className="admin-steps">
        <li>{t('admin.totp-scan')}</li>
        <li>{t('admin.totp-type')}</li>
      </ol>
      <img className="admin-qr" src={setup.qr} alt={t('admin.totp-qr')} width={200} height={200} />
      <dl className="admin-secret">
        <dt>{t('admin.totp-secret')}</dt>
        <dd>
          <code data-secret={setup.secret}>{groupSecret(setup.secret)}</code>
        </dd>
      </dl>
      <form className="auth-form" onSubmit={submit} aria-label={t('admin.totp-confirm')} noValidate>
        <CodeField
          label={t('admin.app-code')}
          value={code}
          onCode={setCode}
          error={errors.fields.code}
          autoFocus
        />
        <FormAlert message={errors.form} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={confirm.isPending}>
            {t('admin.totp-confirm')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setSetup(null)}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
}
