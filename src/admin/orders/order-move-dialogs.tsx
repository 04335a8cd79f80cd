import { type FormEvent, type ReactNode, useState } from 'react'
import type { CancelCode } from '../../contract/admin-delivery-record'
import { CANCEL_REASONS, type CancelReasonCode } from '../../contract/admin-order-reasons'
import type { AdminOrder, StatusChangeBody } from '../../contract/admin-orders'
import type { OrderStatus } from '../../contract/orders'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { Field } from '../../ui/field'
import { Popup } from '../../ui/popup'
import type { FormErrors } from '../form-errors'
import { FormAlert, SelectField, TextArea } from '../form-parts'
import { OWN_REASON, ReasonField } from './order-reason-field'
import { returnLines } from './order-return'

type DialogProps = {
  order: AdminOrder
  busy: boolean
  /** the server's messages about the last try */
  errors: FormErrors
  /** someone changed the order since the page read it */
  conflict: string | null
  onSend: (body: StatusChangeBody) => void
  onClose: () => void
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()

type FrameProps = Omit<DialogProps, 'onSend'> & {
  to: OrderStatus
  title: string
  submitLabel: string
  danger?: boolean
  onSubmit: (form: FormData) => void
  children: ReactNode
}

/** A move's dialog: its fields, what went wrong, and a button that sends it while the move still applies. */
function MoveDialog({
  order,
  to,
  title,
  submitLabel,
  danger,
  busy,
  errors,
  conflict,
  onSubmit,
  onClose,
  children,
}: FrameProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(new FormData(event.currentTarget))
  }
  // read again after a conflict, the order may no longer allow this move
  const open = order.next.includes(to)
  return (
    <Popup title={title} onClose={onClose} width="min(480px, 94vw)" className="admin-dialog order-dialog">
      <form className="admin-stack" onSubmit={submit} noValidate>
        {children}
        {conflict && (
          <p className="auth-error" role="alert">
            {conflict}
          </p>
        )}
        {!open && <p role="status">{t('admin-orders.move-gone')}</p>}
        <FormAlert message={errors.form} />
        <div className="admin-actions admin-actions--end">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('admin-orders.close')}
          </button>
          <button
            type="submit"
            className={danger ? 'button admin-button--danger' : 'button'}
            disabled={busy || !open}
          >
            {busy ? t('admin-orders.working') : submitLabel}
          </button>
        </div>
      </form>
    </Popup>
  )
}

/** Handing the parcel to the courier: who carries it and its tracking number. */
export function ShipDialog({ onSend, ...props }: DialogProps) {
  const [missing, setMissing] = useState<Record<string, string>>({})
  const submit = (form: FormData) => {
    const courier = text(form, 'courier')
    const trackingNumber = text(form, 'trackingNumber')
    const need: Record<string, string> = {}
    if (!courier) need.courier = t('admin-orders.need-courier')
    if (!trackingNumber) need.trackingNumber = t('admin-orders.need-tracking')
    setMissing(need)
    if (Object.keys(need).length === 0)
      onSend({ to: 'shipped', version: props.order.version, courier, trackingNumber })
  }
  const error = (name: string) => missing[name] ?? props.errors.fields[name]
  return (
    <MoveDialog
      {...props}
      to="shipped"
      title={t('admin-orders.ship-title', { number: props.order.number })}
      submitLabel={t('admin-orders.move-ship')}
      onSubmit={submit}
    >
      <Field
        label={t('admin-orders.courier')}
        name="courier"
        required
        maxLength={60}
        autoComplete="off"
        error={error('courier')}
      />
      <Field
        label={t('admin-orders.tracking')}
        name="trackingNumber"
        required
        maxLength={60}
        autoComplete="off"
        error={error('trackingNumber')}
      />
    </MoveDialog>
  )
}

/** The codes the staff choose from (`unpaid` is the payments' own), and how each reads. */
const cancelChoices = {
  customer_request: msg('admin-orders.cancel-code-customer-request'),
  unreachable: msg('admin-orders.cancel-code-unreachable'),
  refused: msg('admin-orders.cancel-code-refused'),
  shop: msg('admin-orders.cancel-code-shop'),
} as const satisfies Partial<Record<CancelCode, MessageKey>>
const isChoice = (code: string): code is keyof typeof cancelChoices => Object.hasOwn(cancelChoices, code)

const cancelReasonCodes = Object.keys(CANCEL_REASONS) as CancelReasonCode[]
const isCancelReason = (choice: string): choice is CancelReasonCode => Object.hasOwn(CANCEL_REASONS, choice)

/**
 * Cancelling before the parcel leaves: the reason the customer reads (one of the list, which also says who the
 * cancellation is on, or the staff's own words with who it is on: the customer's record counts only the shop's
 * refusals), and the stock goes back.
 */
export function CancelDialog({ onSend, ...props }: DialogProps) {
  const [missing, setMissing] = useState<Record<string, string>>({})
  const [choice, setChoice] = useState('')
  const [own, setOwn] = useState('')
  const submit = (form: FormData) => {
    const need: Record<string, string> = {}
    const { version } = props.order
    if (isCancelReason(choice)) {
      setMissing(need)
      onSend({ to: 'cancelled', version, reasonCode: choice })
      return
    }
    const reason = own.trim()
    const code = text(form, 'code')
    if (choice !== OWN_REASON) need.reasonChoice = t('admin-orders.need-reason')
    else if (!reason) need.reason = t('admin-orders.need-reason')
    if (choice === OWN_REASON && !isChoice(code)) need.code = t('admin-orders.need-cancel-code')
    setMissing(need)
    if (choice === OWN_REASON && isChoice(code) && reason) onSend({ to: 'cancelled', version, reason, code })
  }
  return (
    <MoveDialog
      {...props}
      to="cancelled"
      title={t('admin-orders.cancel-title', { number: props.order.number })}
      submitLabel={t('admin-orders.move-cancel')}
      danger
      onSubmit={submit}
    >
      <p>{t('admin-orders.cancel-text')}</p>
      <ReasonField
        codes={cancelReasonCodes}
        choice={choice}
        onChoice={setChoice}
        text={own}
        onText={setOwn}
        maxLength={300}
        required
        choiceError={missing.reasonChoice ?? props.errors.fields.reasonCode}
        textError={missing.reason ?? props.errors.fields.reason}
      />
      {choice === OWN_REASON && (
        <>
          <SelectField
            label={t('admin-orders.cancel-code')}
            name="code"
            required
            defaultValue=""
            error={missing.code ?? props.errors.fields.code}
          >
            <option value="" disabled>
              {t('admin-orders.cancel-code-choose')}
            </option>
            {Object.entries(cancelChoices).map(([code, label]) => (
              <option key={code} value={code}>
                {t(label)}
              </option>
            ))}
          </SelectField>
          <p className="order-dialog__hint">{t('admin-orders.cancel-code-hint')}</p>
        </>
      )}
    </MoveDialog>
  )
}

/** A parcel (or part of it) came back: how many of each line, and why. */
export function ReturnDialog({ onSend, ...props }: DialogProps) {
  const { order } = props
  const [missing, setMissing] = useState<Record<string, string>>({})
  const submit = (form: FormData) => {
    const reason = text(form, 'reason')
    const lines = returnLines(order, (skuId) => text(form, `back-${skuId}`))
    const need: Record<string, string> = {}
    if (!reason) need.reason = t('admin-orders.need-reason')
    if (lines === 'invalid') need.lines = t('admin-orders.need-quantities')
    else if (lines.length === 0) need.lines = t('admin-orders.need-lines')
    setMissing(need)
    if (Object.keys(need).length === 0 && lines !== 'invalid')
      onSend({ to: 'returned', version: order.version, lines, reason })
  }
  const linesError = missing.lines ?? props.errors.fields.lines
  return (
    <MoveDialog
      {...props}
      to="returned"
      title={t('admin-orders.return-title', { number: order.number })}
      submitLabel={t('admin-orders.move-return')}
      danger
      onSubmit={submit}
    >
      <fieldset className="order-return" aria-describedby={linesError ? 'order-return-error' : undefined}>
        <legend>{t('admin-orders.return-lines')}</legend>
        {order.lines.map((line) => (
          <Field
            key={line.skuId}
            label={t('admin-orders.return-line', {
              name: [line.name, line.size, line.colour].filter(Boolean).join(', '),
              ordered: figure(line.quantity),
            })}
            name={`back-${line.skuId}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={line.quantity}
            step={1}
            defaultValue={line.quantity}
          />
        ))}
        {linesError && (
          <p id="order-return-error" className="auth-error" role="alert">
            {linesError}
          </p>
        )}
      </fieldset>
      <TextArea
        label={t('admin-orders.reason')}
        name="reason"
        required
        maxLength={300}
        error={missing.reason ?? props.errors.fields.reason}
      />
    </MoveDialog>
  )
}
