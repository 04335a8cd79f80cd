import { useState } from 'react'
import { sendOtpAnswer } from '../../contract/auth'
import { confirmPhoneAnswer } from '../../contract/phone-proof'
import { t } from '../../i18n'
import { ApiRequestError, apiSend } from '../../lib/api'
import { normalizeBdPhone } from '../../lib/phone'
import { Field } from '../../ui/field'
import { useCheckoutShop } from './checkout-shop'

/** A number proven by a code: the proof goes with the order as `phoneProof`. */
export type PhoneProof = { phone: string; proof: string }

/**
 * Whether cash on delivery of `total` asks to confirm `phone` by a code: above the shop's threshold, unless
 * it is the signed-in shopper's own number. The server decides; this shows the step before it has to say so.
 */
export function useNeedsPhoneCode(total: number | undefined, phone: string, ownPhone: string | null) {
  const above = useCheckoutShop().codConfirmAbove
  const needed = above > 0 && total !== undefined && total > above
  // a number not yet valid is not asked about: the order's own check says what is wrong with it
  const typed = normalizeBdPhone(phone)
  return needed && typed !== null && typed !== ownPhone
}

/** "Confirm your number": SEND CODE, then the code from the SMS, which gives the order its proof. */
export function PhoneConfirm({
  phone,
  proof,
  onProof,
  error,
}: {
  phone: string
  proof: PhoneProof | null
  onProof: (proof: PhoneProof) => void
  /** what the server said of the order's proof */
  error?: string
}) {
  const [otpId, setOtpId] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const proven = proof !== null && proof.phone === normalizeBdPhone(phone)

  async function run(step: () => Promise<void>) {
    setBusy(true)
    setProblem(null)
    try {
      await step()
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.offline) setProblem(t('checkout.offline-code'))
      else setProblem(caught instanceof Error ? caught.message : t('checkout.something-wrong'))
    } finally {
      setBusy(false)
    }
  }
  const send = () =>
    run(async () => {
      const sent = await apiSend('post', '/auth/customer/send-otp', { phone, type: 'order' }, sendOtpAnswer)
      setOtpId(sent.otpId)
      setCode('')
    })
  const confirm = () =>
    run(async () => {
      if (!otpId) return
      const body = { phone, otpId, otpCode: code }
      const { data } = await apiSend('post', '/auth/customer/confirm-phone', body, confirmPhoneAnswer)
      onProof(data)
    })

  if (proven) {
    return (
      <p className="notice notice--success" role="status">
        {t('checkout.phone-confirmed', { phone: proof.phone })}
      </p>
    )
  }
  return (
    <div className="phone-confirm">
      <p className="notice">{t('checkout.phone-confirm-why', { phone })}</p>
      {otpId && (
        <Field
          label={t('checkout.phone-code')}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      <div className="phone-confirm__actions">
        {otpId && (
          <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
            {t('checkout.phone-confirm')}
          </button>
        )}
        <button
          type="button"
          className={otpId ? 'button button--ghost' : 'button'}
          disabled={busy}
          onClick={() => void send()}
        >
          {otpId ? t('checkout.phone-resend') : t('checkout.send-code')}
        </button>
      </div>
      {(problem ?? error) && (
        <p className="field-error" role="alert">
          {problem ?? error}
        </p>
      )}
    </div>
  )
}
