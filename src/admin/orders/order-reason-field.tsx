import { useId } from 'react'
import type { OrderReasonCode } from '../../contract/admin-order-reasons'
import { type MessageKey, msg, t } from '../../i18n'
import { SelectField, TextArea } from '../form-parts'

/** The reasons of the staff's list (src/contract/admin-order-reasons.ts), as the back office's language writes them. */
const reasonLabels: Record<OrderReasonCode, MessageKey> = {
  customer_asked: msg('admin-orders.reason-customer-asked'),
  ordered_twice: msg('admin-orders.reason-ordered-twice'),
  out_of_stock: msg('admin-orders.reason-out-of-stock'),
  unreachable: msg('admin-orders.reason-unreachable'),
  address_not_served: msg('admin-orders.reason-address-not-served'),
  suspected_fraud: msg('admin-orders.reason-suspected-fraud'),
  size_colour: msg('admin-orders.reason-size-colour'),
  replaced: msg('admin-orders.reason-replaced'),
  delivery_charge: msg('admin-orders.reason-delivery-charge'),
}

/** what the list's last choice stands for: a reason the staff write themselves */
export const OWN_REASON = 'own'

type ReasonFieldProps = {
  /** the reasons of the list, by their codes */
  codes: readonly OrderReasonCode[]
  /** the chosen code, OWN_REASON, or '' for none yet */
  choice: string
  onChoice: (choice: string) => void
  /** the staff's own words, when they write them */
  text: string
  onText: (text: string) => void
  maxLength: number
  /** the message about the choice (none made), and about the words (none written, too long) */
  choiceError?: string
  textError?: string
  /** whether a reason must be given */
  required?: boolean
}

/**
 * A reason the customer will read: one of the list, which they read in their own language, or the staff's
 * own words, sent as written. Says so next to the field.
 */
export function ReasonField(props: ReasonFieldProps) {
  const hintId = useId()
  const { choice, choiceError, textError } = props
  return (
    <>
      <SelectField
        label={t('admin-orders.reason')}
        name="reasonChoice"
        required={props.required}
        value={choice}
        onChange={(event) => props.onChoice(event.target.value)}
        error={choiceError}
        {...(choiceError ? {} : { 'aria-describedby': hintId })}
      >
        <option value="" disabled={props.required}>
          {props.required ? t('admin-orders.reason-choose') : t('admin-orders.reason-none')}
        </option>
        {props.codes.map((code) => (
          <option key={code} value={code}>
            {t(reasonLabels[code])}
          </option>
        ))}
        <option value={OWN_REASON}>{t('admin-orders.reason-own')}</option>
      </SelectField>
      <p id={hintId} className="order-dialog__hint">
        {choice === OWN_REASON ? t('admin-orders.reason-sms-as-written') : t('admin-orders.reason-sms')}
      </p>
      {choice === OWN_REASON && (
        <TextArea
          label={t('admin-orders.reason-own-text')}
          name="reason"
          required={props.required}
          maxLength={props.maxLength}
          value={props.text}
          onChange={(event) => props.onText(event.target.value)}
          error={textError}
        />
      )}
    </>
  )
}
