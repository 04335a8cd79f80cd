import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminOrder, AdminOrderEvent } from '../../contract/admin-orders'
import { t } from '../../i18n'
import { entryTexts } from '../../ui/order-changes'
import { formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, TextArea } from '../form-parts'
import { placedAt, statusName } from './order-labels'
import { orderKeys, ordersApi } from './orders-api'

/** What the event says happened, in the page's language. */
function eventText(event: AdminOrderEvent): string {
  if (event.kind === 'status') return t('admin-orders.event-status', { status: statusName(event.status) })
  if (event.kind === 'edit') return t('admin-orders.event-edit')
  return t('admin-orders.event-note')
}

/** Everything that happened to the order, oldest first, and a note for the staff to add. */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  const events = [...order.events].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  return (
    <section className="admin-panel" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">{t('admin-orders.timeline')}</h2>
      <ol className="order-events">
        {events.map((event) => (
          <li
            // events have no id: what happened and when tells them apart
            key={`${event.createdAt} ${event.kind} ${event.status} ${event.note}`}
            className={`order-events__event order-events__event--${event.kind}`}
          >
            <p className="order-events__what">{eventText(event)}</p>
            {entryTexts(event).map((text) => (
              <p key={text} className="order-events__note">
                {text}
              </p>
            ))}
            <p className="order-events__who">
              {t('admin-orders.event-by', {
                name: event.by ?? t('admin-orders.by-nobody'),
                time: placedAt(event.createdAt),
              })}
            </p>
          </li>
        ))}
      </ol>
      <NoteForm orderId={order.id} />
    </section>
  )
}

/** A note only the staff read (a call made, a wish the customer had); kept in the timeline. */
function NoteForm({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState(noErrors)
  const [status, setStatus] = useState<string | null>(null)
  const add = useMutation({
    mutationFn: ({ note }: { note: string; form: HTMLFormElement }) => ordersApi.note(orderId, note),
    meta: { silent: true },
    onSuccess: (answer, { form }) => {
      queryClient.setQueryData(orderKeys.detail(orderId), answer)
      form.reset()
      setErrors(noErrors)
      setStatus(t('admin-orders.note-added'))
    },
    onError: (failure) => setErrors(formErrors(failure, ['note'])),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setStatus(null)
    const form = event.currentTarget
    const note = String(new FormData(form).get('note') ?? '').trim()
    if (!note) {
      setErrors({ fields: { note: t('admin-orders.need-note') }, form: null })
      return
    }
    add.mutate({ note, form })
  }

  return (
    <form className="order-note" onSubmit={submit} noValidate aria-label={t('admin-orders.note-form')}>
      <TextArea label={t('admin-orders.note')} name="note" maxLength={1000} error={errors.fields.note} />
      <FormAlert message={errors.form} />
      <LiveStatus message={status} />
      <button type="submit" className="button button--ghost" disabled={add.isPending}>
        {add.isPending ? t('admin-orders.saving') : t('admin-orders.add-note')}
      </button>
    </form>
  )
}
