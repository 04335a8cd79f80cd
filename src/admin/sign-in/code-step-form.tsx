import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { shopName, useShop } from '../../state/shop'
import { CodeField } from '../../ui/code-field'
import { adminApi, adminKeys, quiet } from '../admin-api'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { passwordStep, smsSent } from './code-step'
import { setSignInStep, signIn } from './sign-in-state'

/** Step 2: the code from the authenticator app, or by SMS without one; either way in Latin or Bengali digits. */
export function CodeStep({ next }: { next: string }) {
  const { step } = useSnapshot(signIn)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const focusCode = () => (form.current?.elements.namedItem('code') as HTMLInputElement | null)?.focus()
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState(noErrors)
  const [status, setStatus] = useState<string | null>(null)
  // the app lists the code under the shop's English name (the server's TOTP issuer)
  const issuer = shopName(useShop(), 'en')

  const verify = useMutation({
    mutationFn: adminApi.verify,
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (session) => {
      queryClient.setQueryData(adminKeys.session(), session)
      setSignInStep(passwordStep())
      void navigate({ href: next, replace: true })
    },
    onError: (error) => {
      // the challenge ran out (or too many wrong codes): back to the number and password
      if (error instanceof ApiRequestError && error.fields.challenge) {
        setSignInStep(passwordStep(error.fields.challenge[0] ?? error.message))
        return
      }
      setErrors(formErrors(error, ['code']))
      focusCode()
    },
  })
  const send = useMutation({
    mutationFn: adminApi.sendCode,
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setStatus(null)
    },
    onSuccess: (answer) => {
      setSignInStep(smsSent(signIn.step, answer))
      setStatus(t('admin.code-resent'))
    },
    onError: (error) => setErrors(formErrors(error, [])),
  })

  if (step.step !== 'code') return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    verify.mutate({ challenge: step.challenge, method: step.method, code })
  }

  const sms = step.method === 'sms'
  const where = step.sentTo ? t('admin.code-sent-to', { phone: step.sentTo }) : t('admin.code-sent')
  return (
    <div className="admin-stack">
      <form ref={form} className="auth-form" onSubmit={submit} aria-label={t('admin.code-title')} noValidate>
        <p className="auth-note">
          {sms
            ? step.smsSent
              ? where
              : t('admin.code-sending')
            : t('admin.code-from-app', { shop: issuer })}
        </p>
        <CodeField
          label={sms ? t('admin.sms-code') : t('admin.app-code')}
          value={code}
          onCode={setCode}
          error={errors.fields.code}
          autoFocus
        />
        <FormAlert message={errors.form} />
        <button type="submit" className="button button--block" disabled={verify.isPending}>
          {t('admin.sign-in')}
        </button>
        {!sms && <p className="auth-note">{t('admin.app-lost')}</p>}
      </form>
      <div className="admin-actions">
        {sms && (
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={send.isPending}
            onClick={() => send.mutate(step.challenge)}
          >
            {t('admin.resend-code')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setSignInStep(passwordStep())}
        >
          {t('admin.other-number')}
        </button>
      </div>
      <LiveStatus message={status} />
    </div>
  )
}
