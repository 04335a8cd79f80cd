import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { CustomerPointsBody } from '../../contract/admin-customers'
import type { RewardPointKind } from '../../contract/orders'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { Field } from '../../ui/field'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { customerKeys, customerPointsQuery, customersApi } from './customers-api'

const MOVE_NAMES: Record<RewardPointKind, MessageKey> = {
  earned: msg('user-points.earned'),
  spent: msg('user-points.spent'),
  given_back: msg('user-points.given-back'),
  taken_back: msg('user-points.taken-back'),
  adjusted: msg('user-points.adjusted'),
}

/** The customer's reward points: the balance, every move, and (managers) a change by hand with its reason. */
export function CustomerPoints({ customerId, canAdjust }: { customerId: number; canAdjust: boolean }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const points = useQuery(customerPointsQuery(customerId))
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [saved, setSaved] = useState<string | null>(null)
  const [formKey, setFormKey] = useState(0)
  const adjust = useMutation({
    mutationFn: (body: CustomerPointsBody) => customersApi.adjustPoints(customerId, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(customerKeys.points(customerId), updated)
      setErrors(noErrors)
      setSaved(t('admin-customers.points-saved'))
      setFormKey((key) => key + 1)
    },
    onError: (failure) => {
      setSaved(null)
      setErrors(formErrors(failure, ['points', 'reason']))
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const typed = String(form.get('points') ?? '').trim()
    adjust.mutate({
      points: typed === '' ? Number.NaN : Number(typed),
      reason: String(form.get('reason') ?? ''),
    })
  }
  const data = points.data
  return (
    <section className="admin-panel customer-points" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin-customers.points')}</h2>
      <p data-testid="customer-points-balance">
        {t('admin-customers.points-balance', { points: figure(data?.points ?? 0) })}
      </p>
      {data && data.history.length > 0 && (
        <ul className="customer-notes__list">
          {data.history.map((move) => (
            <li key={move.id}>
              <p className="customer-notes__text">
                {move.points > 0 ? '+' : '−'}
                {figure(Math.abs(move.points))} · {t(MOVE_NAMES[move.kind])}
                {move.order && ` · ${move.order}`}
                {move.reason && ` · ${move.reason}`}
              </p>
              <p className="customer-notes__by">{formatDateTime(move.at)}</p>
            </li>
          ))}
        </ul>
      )}
      {canAdjust && (
        <form key={formKey} className="admin-stack" onSubmit={submit} noValidate>
          <Field
            label={t('admin-customers.points-change')}
            name="points"
            type="number"
            inputMode="numeric"
            step={1}
            error={errors.fields.points}
          />
          <Field
            label={t('admin-customers.points-reason')}
            name="reason"
            maxLength={200}
            error={errors.fields.reason}
          />
          <FormAlert message={errors.form} />
          <div className="admin-actions">
            <button type="submit" className="button" disabled={adjust.isPending}>
              {t('admin-customers.points-save')}
            </button>
          </div>
        </form>
      )}
      <LiveStatus message={saved} />
    </section>
  )
}
