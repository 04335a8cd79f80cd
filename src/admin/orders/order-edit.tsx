import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import {
  type AdminOrder,
  canEdit,
  ORDER_EDIT_LINES,
  ORDER_EDIT_QUANTITY,
  type OrderEditInput,
} from '../../contract/admin-orders'
import { toLatinDigits } from '../../contract/digits'
import { t, taka } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { type AddressDraft, AddressFields } from '../../ui/address-fields'
import { Field } from '../../ui/field'
import { orderChangeText } from '../../ui/order-changes'
import { OrderTotals } from '../../ui/order-totals'
import { Popup } from '../../ui/popup'
import { quiet } from '../admin-api'
import { FormAlert, LiveStatus } from '../form-parts'
import { type AddedLine, OrderEditAdd } from './order-edit-add'
import { zoneLabels } from './order-labels'
import { orderKeys, ordersApi } from './orders-api'
import './order-edit.css'

/** A line of the editor: its sku, the quantity as typed, and how it reads. */
type DraftLine = {
  skuId: number
  quantity: string
  name: string
  variant: string
  sku: string
  /** the unit price it reads with until the server says: as ordered, or today's for a new line */
  price: number
  added: boolean
}

type Draft = {
  lines: DraftLine[]
  changeAddress: boolean
  address: AddressDraft
  byHand: boolean
  charge: string
  note: string
}

const draftOf = (order: AdminOrder): Draft => ({
  lines: order.lines.map((line) => ({
    skuId: line.skuId,
    quantity: String(line.quantity),
    name: line.name,
    variant: [line.size, line.colour].filter(Boolean).join(', '),
    sku: line.sku,
    price: line.unitDiscountedPrice,
    added: false,
  })),
  changeAddress: false,
  address: { ...order.address },
  byHand: false,
  charge: String(order.totals.deliveryCharge),
  note: '',
})

const wholeNumber = (text: string) => {
  const value = toLatinDigits(text.trim())
  return /^\d{1,6}$/.test(value) ? Number(value) : null
}

/**
 * The request a draft makes (without its version), or the fields the draft still has wrong; `changed` says
 * whether it asks for anything the order does not have already.
 */
function requestOf(draft: Draft, order: AdminOrder) {
  const problems: Record<string, string> = {}
  const lines = draft.lines.map((line, index) => {
    const quantity = wholeNumber(line.quantity)
    if (quantity === null || quantity < 1 || quantity > ORDER_EDIT_QUANTITY) {
      problems[`lines.${index}`] = t('admin-orders.edit-need-quantity')
    }
    return { skuId: line.skuId, quantity: quantity ?? 0 }
  })
  if (lines.length === 0) problems.lines = t('admin-orders.edit-need-line')
  const charge = wholeNumber(draft.charge)
  if (draft.byHand && (charge === null || charge > 10_000)) {
    problems.deliveryCharge = t('admin-orders.edit-need-charge')
  }
  const { address } = draft
  const addressReady =
    !draft.changeAddress || Boolean(address.area && address.street.trim() && address.name.trim())
  const request: Omit<OrderEditInput, 'version'> = {
    lines,
    ...(draft.changeAddress ? { address } : {}),
    ...(draft.byHand && charge !== null ? { deliveryCharge: charge } : {}),
  }
  const sameLines =
    lines.length === order.lines.length &&
    lines.every((line) => order.lines.some((o) => o.skuId === line.skuId && o.quantity === line.quantity))
  const sameAddress =
    !draft.changeAddress ||
    (Object.keys(order.address) as (keyof AdminOrder['address'])[]).every(
      (key) => (address[key] ?? '').trim() === order.address[key],
    )
  const changed =
    !sameLines || !sameAddress || (draft.byHand && charge !== null && charge !== order.totals.deliveryCharge)
  return { request, problems, ready: Object.keys(problems).length === 0 && addressReady, changed }
}

type Refusal = { fields: Record<string, string[]>; conflict: string | null; form: string | null }

/** The server's refusal split: the fields of the editor, who changed the order, and the rest. */
function refusal(failure: unknown): Refusal {
  if (!(failure instanceof ApiRequestError)) return { fields: {}, conflict: null, form: t('common.failed') }
  if (failure.status === 409 && (failure.fields.version || failure.fields.status)) {
    return { fields: {}, conflict: t('admin-orders.conflict', { changed: failure.message }), form: null }
  }
  const fields: Record<string, string[]> = {}
  const rest: string[] = []
  for (const [field, messages] of Object.entries(failure.fields)) {
    const line = /^lines\.(\d+)/.exec(field)
    if (line) fields[`lines.${line[1]}`] = messages
    else if (
      field === 'lines' ||
      field === 'deliveryCharge' ||
      field === 'note' ||
      field.startsWith('address.')
    )
      fields[field] = messages
    else rest.push(...messages)
  }
  const form = rest.length ? rest.join(' ') : Object.keys(fields).length ? null : failure.message
  return { fields, conflict: null, form }
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
    save.mutate({
      ...request,
      version: order.version,
      ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    })
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
  const add = (line: AddedLine) =>
    patch({
      lines: [
        ...draft.lines,
        {
          skuId: line.skuId,
          quantity: String(line.quantity),
          name: line.name,
          variant: line.variant,
          sku: line.sku,
          price: line.price,
          added: true,
        },
      ],
    })

  return (
    <Popup
      title={t('admin-orders.edit-title', { number: order.number })}
      onClose={onClose}
      width="min(760px, 96vw)"
      className="admin-dialog order-edit"
    >
      <form className="admin-stack" onSubmit={submit} noValidate>
        <p>{t('admin-orders.edit-intro')}</p>
        <fieldset className="order-edit__lines">
          <legend>{t('admin-orders.edit-items')}</legend>
          <ul>
            {draft.lines.map((line, index) => {
              const label = line.variant ? `${line.name} (${line.variant})` : line.name
              const priced = shown?.data.lines.find((l) => l.skuId === line.skuId)
              return (
                <li key={line.skuId}>
                  <div className="order-edit__what">
                    <span className="order-edit__name">{label}</span>
                    <small>
                      {t('admin-orders.sku', { sku: line.sku })} ·{' '}
                      {t('admin-orders.edit-unit-price', {
                        price: taka(priced?.unitDiscountedPrice ?? line.price),
                      })}
                      {line.added && <> · {t('admin-orders.edit-new-line')}</>}
                    </small>
                  </div>
                  <div className="order-edit__quantity">
                    <Field
                      label={t('admin-orders.edit-quantity', { name: label })}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={3}
                      value={line.quantity}
                      onChange={(event) => setLine(index, { quantity: event.target.value })}
                      error={lineError(index)}
                    />
                  </div>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={t('admin-orders.edit-remove-named', { name: label })}
                    onClick={() => patch({ lines: draft.lines.filter((_, i) => i !== index) })}
                  >
                    {t('admin-orders.edit-remove')}
                  </button>
                </li>
              )
            })}
          </ul>
          {(problems.lines ?? said?.fields.lines?.[0]) && (
            <p className="auth-error" role="alert">
              {problems.lines ?? said?.fields.lines?.[0]}
            </p>
          )}
        </fieldset>

        {draft.lines.length < ORDER_EDIT_LINES && (
          <fieldset className="order-edit__section">
            <legend>{t('admin-orders.edit-add')}</legend>
            <OrderEditAdd inOrder={inOrder} onAdd={add} />
          </fieldset>
        )}

        <fieldset className="order-edit__section">
          <legend>{t('admin-orders.delivery')}</legend>
          <label className="order-edit__check">
            <input
              type="checkbox"
              checked={draft.changeAddress}
              onChange={(event) =>
                patch({ changeAddress: event.target.checked, address: { ...order.address } })
              }
            />
            {t('admin-orders.edit-change-address')}
          </label>
          {draft.changeAddress && (
            <AddressFields
              value={draft.address}
              onChange={(address) => patch({ address })}
              errors={addressErrors}
              idPrefix="order-edit-address"
            />
          )}
          <label className="order-edit__check">
            <input
              type="checkbox"
              checked={draft.byHand}
              onChange={(event) =>
                patch({ byHand: event.target.checked, charge: String(order.totals.deliveryCharge) })
              }
            />
            {t('admin-orders.edit-charge-by-hand')}
          </label>
          {draft.byHand && (
            <Field
              label={t('admin-orders.edit-charge')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={draft.charge}
              onChange={(event) => patch({ charge: event.target.value })}
              error={problems.deliveryCharge ?? said?.fields.deliveryCharge?.[0]}
            />
          )}
        </fieldset>

        <Field
          label={t('admin-orders.edit-note')}
          maxLength={500}
          autoComplete="off"
          value={draft.note}
          onChange={(event) => patch({ note: event.target.value })}
          error={said?.fields.note?.[0]}
        />

        <section className="order-edit__preview" aria-labelledby="order-edit-preview">
          <h3 id="order-edit-preview">{t('admin-orders.edit-preview')}</h3>
          <p>{t('admin-orders.edit-total-now', { total: taka(order.totals.total) })}</p>
          <p className="admin-status" role="status">
            {!changed
              ? t('admin-orders.edit-unchanged')
              : preview.isFetching
                ? t('admin-orders.edit-working')
                : ''}
          </p>
          {shown && (
            <>
              <OrderTotals
                totals={shown.data.totals}
                deliveryLabel={t('admin-orders.delivery-charge', { zone: t(zoneLabels[shown.data.zone]) })}
                className="order-edit__totals"
              />
              {shown.meta.changes.length > 0 && (
                <>
                  <h4>{t('admin-orders.edit-changes')}</h4>
                  <ul className="order-edit__changes">
                    {shown.meta.changes.map(orderChangeText).map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </section>

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
