import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { EDIT_REASONS, type EditReasonCode } from '../../contract/admin-order-reasons'
import { type AdminOrder, canEdit, ORDER_EDIT_LINES, type OrderEditInput } from '../../contract/admin-orders'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { Popup } from '../../ui/popup'
import { quiet } from '../admin-api'
import { FormAlert, LiveStatus } from '../form-parts'
import { type AddedLine, OrderEditAdd } from './order-edit-add'
import { type Draft, type DraftLine, draftLineOf, draftOf, refusal, requestOf } from './order-edit-draft'
import { EditDelivery, EditLines, EditPreview } from './order-edit-parts'
import { OWN_REASON, ReasonField } from './order-reason-field'
import { orderKeys, ordersApi } from './orders-api'
import './order-edit.css'

const editReasonCodes = Object.keys(EDIT_REASONS) as EditReasonCode[]

/** Why, as the edit sends it: a reason of the list by its code, or the staff's own words. */
function reasonOf(draft: Draft): Pick<OrderEditInput, 'note' | 'reasonCode'> {
  if (Object.hasOwn(EDIT_REASONS, draft.reason)) return { reasonCode: draft.reason as EditReasonCode }
  const note = draft.note.trim()
  return draft.reason === OWN_REASON && note ? { note } : {}
}

/**
 * "Edit order": shown while the order can still change (before it is packed). The editor's new totals are
 * the server's own, worked out by a dry run of the same edit each time the draft changes; the save sends
 * the version the page read, and a change made meanwhile by someone else answers who and when.
 */
export function OrderEdit({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<string | null>(null)
  if (!canEdit(order.status) && !open) return <LiveStatus message={status} />
  return (
    <div className="order-edit__open">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-haspopup="dialog"
        onClick={() => {
          setStatus(null)
          setOpen(true)
        }}
      >
        {t('admin-orders.edit-open')}
      </button>
      <LiveStatus message={status} />
      {open && (
        <OrderEditor
          order={order}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false)
            setStatus(t('admin-orders.edit-saved'))
          }}
        />
      )}
    </div>
  )
}

function OrderEditor({
  order,
  onClose,
  onSaved,
}: {
  order: AdminOrder
  onClose: () => void
  onSaved: () => void
}) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(() => draftOf(order))
  const [tried, setTried] = useState(false)
  const patch = (change: Partial<Draft>) => setDraft((now) => ({ ...now, ...change }))
  const setLine = (index: number, change: Partial<DraftLine>) =>
    patch({ lines: draft.lines.map((line, i) => (i === index ? { ...line, ...change } : line)) })

  const { request, problems, ready, changed } = requestOf(draft, order)
  const wanted = ready && changed ? JSON.stringify({ ...request, version: order.version }) : null
  // the dry run waits for typing to pause
  const [asked, setAsked] = useState<string | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), 300)
    return () => clearTimeout(timer)
  }, [wanted])
  const preview = useQuery({
    queryKey: [...orderKeys.detail(order.id), 'edit-preview', asked],
    queryFn: () =>
      ordersApi.edit(order.id, { ...(JSON.parse(asked ?? '{}') as OrderEditInput), dryRun: true }),
    enabled: asked !== null && asked === wanted,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
    meta: quiet,
  })

  const save = useMutation({
    mutationFn: (body: OrderEditInput) => ordersApi.edit(order.id, body),
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKeys.detail(order.id), answer.data)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
      onSaved()
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id), exact: true })
      }
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTried(true)
    if (!ready || !changed || !canEdit(order.status)) return
    save.mutate({ ...request, version: order.version, ...reasonOf(draft) })
  }

  // what the server said last: the save's refusal, else the dry run's
  const said = save.error ? refusal(save.error) : preview.error && wanted ? refusal(preview.error) : null
  const lineError = (index: number) =>
    (tried || draft.lines[index]?.quantity !== '' ? problems[`lines.${index}`] : undefined) ??
    said?.fields[`lines.${index}`]?.[0]
  const addressErrors: Record<string, string[]> = Object.fromEntries(
    Object.entries(said?.fields ?? {}).filter(([field]) => field.startsWith('address.')),
  )
  const shown = preview.data && wanted && !preview.error ? preview.data : null
  const inOrder = new Set(draft.lines.map((line) => line.skuId))
  const add = (line: AddedLine) => patch({ lines: [...draft.lines, draftLineOf(line)] })

  return (
    <Popup
      title={t('admin-orders.edit-title', { number: order.number })}
      onClose={onClose}
      width="min(760px, 96vw)"
      className="admin-dialog order-edit"
    >
      <form className="admin-stack" onSubmit={submit} noValidate>
        <p>{t('admin-orders.edit-intro')}</p>
        <EditLines
          lines={draft.lines}
          shown={shown}
          lineError={lineError}
          problem={problems.lines ?? said?.fields.lines?.[0]}
          onQuantity={(index, quantity) => setLine(index, { quantity })}
          onRemove={(index) => patch({ lines: draft.lines.filter((_, i) => i !== index) })}
        />

        {draft.lines.length < ORDER_EDIT_LINES && (
          <fieldset className="order-edit__section">
            <legend>{t('admin-orders.edit-add')}</legend>
            <OrderEditAdd inOrder={inOrder} onAdd={add} />
          </fieldset>
        )}

        <EditDelivery
          order={order}
          draft={draft}
          patch={patch}
          addressErrors={addressErrors}
          chargeError={problems.deliveryCharge ?? said?.fields.deliveryCharge?.[0]}
        />

        <ReasonField
          codes={editReasonCodes}
          choice={draft.reason}
          onChoice={(reason) => patch({ reason })}
          text={draft.note}
          onText={(note) => patch({ note })}
          maxLength={500}
          choiceError={said?.fields.reasonCode?.[0]}
          textError={said?.fields.note?.[0]}
        />

        <EditPreview order={order} changed={changed} working={preview.isFetching} shown={shown} />

        {said?.conflict && (
          <p className="auth-error" role="alert">
            {said.conflict}
          </p>
        )}
        {!canEdit(order.status) && <p role="status">{t('admin-orders.edit-gone')}</p>}
        <FormAlert message={said?.form ?? null} />
        <div className="admin-actions admin-actions--end">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('admin-orders.close')}
          </button>
          <button
            type="submit"
            className="button"
            disabled={save.isPending || !changed || !canEdit(order.status)}
          >
            {save.isPending ? t('admin-orders.working') : t('admin-orders.edit-save')}
          </button>
        </div>
      </form>
    </Popup>
  )
}
