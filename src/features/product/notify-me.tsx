import './notify-me.css'
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { stockAlertAnswer } from '../../contract/stock-alerts'
import { t } from '../../i18n'
import { ApiRequestError, apiSend } from '../../lib/api'
import { currentLanguage } from '../../lib/language'
import { useCurrentUser } from '../../state/session'

/**
 * "Notify me when it's back" for a sold-out size or colour (storefront §2, back in stock): a mobile number (the signed-in
 * shopper's, to start with) and one request; the shop texts it once when the stock returns. Loaded only when a
 * sold-out sku is chosen.
 */
export function NotifyMe({ skuId }: { skuId: number }) {
  const user = useCurrentUser()
  const id = useId()
  // the signed-in shopper's number until something is typed (the session may be known only after the form opens)
  const [typed, setPhone] = useState<string | null>(null)
  const phone = typed ?? user?.phone ?? ''
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [doneFor, setDoneFor] = useState<number | null>(null)
  const ask = useMutation({
    mutationFn: () =>
      apiSend('post', '/stock-alerts', { sku: skuId, phone, language: currentLanguage() }, stockAlertAnswer),
    onSuccess: () => {
      setErrors({})
      setDoneFor(skuId)
    },
    onError: (error) => setErrors(error instanceof ApiRequestError ? error.fields : {}),
    meta: { silent: true },
  })

  if (doneFor === skuId)
    return (
      <p className="notice notice--success notify-me" role="status">
        {t('waitlist.notify-done')}
      </p>
    )

  const problems = Object.values(errors).flat()
  return (
    <form
      className="notify-me"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        ask.mutate()
      }}
    >
      <p id={`${id}-title`} className="notify-me__title">
        {t('waitlist.notify-title')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t('product.mobile-number')}</label>
        <input
          id={`${id}-phone`}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="01xxx-xxxxxx"
          value={phone}
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length > 0 ? `${id}-error` : undefined}
          onChange={(event) => setPhone(event.target.value)}
        />
      </div>
      {problems.length > 0 && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problems[0]}
        </p>
      )}
      <button type="submit" className="button" disabled={ask.isPending}>
        {t('waitlist.notify-me')}
      </button>
    </form>
  )
}
