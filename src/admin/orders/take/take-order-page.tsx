import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { t } from '../../../i18n'
import { ApiRequestError } from '../../../lib/api'
import { FormAlert, LiveStatus, TextArea } from '../../form-parts'
import { adminLink } from '../../links'
import type { SectionPageProps } from '../../section-pages'
import { type AddedLine, OrderEditAdd } from '../order-edit-add'
import { orderKeys } from '../orders-api'
import { draftQuery, takeApi, takeKeys, takeQuoteQuery } from './take-order-api'
import { TakeDrafts } from './take-order-drafts'
import { draftOf, emptyForm, formOfDraft, quoteOf, requestOf, type TakeForm } from './take-order-form'
import { TakeCustomer, TakeDelivery, TakeLines, TakeMoney, TakeSource, TakeSummary } from './take-order-parts'
import './take-order.css'

/** `/admin/orders/take`: an order taken by hand; `?draft=<id>` goes on with a saved draft. */
export function TakeOrderPage({ search }: SectionPageProps) {
  const draftId = Number(search.draft)
  const resuming = Number.isInteger(draftId) && draftId > 0
  const draft = useQuery({ ...draftQuery(draftId), enabled: resuming })
  return (
    <div className="admin-page take-order">
      <Link {...adminLink('orders')} className="admin-back">
        {t('admin-orders.back')}
      </Link>
      <h1>{t('admin-orders.take-title')}</h1>
      {!resuming && <TakeDrafts />}
      {resuming && draft.error && <FormAlert message={draft.error.message} />}
      {resuming && !draft.data && !draft.error && <p role="status">{t('admin-orders.edit-loading')}</p>}
      {resuming && draft.data && (
        <TakeOrderForm key={draftId} initial={formOfDraft(draft.data.content)} draftId={draftId} />
      )}
      {!resuming && <TakeOrderForm key="new" initial={emptyForm} />}
    </div>
  )
}

/** A key for one order's taking: a retried send places the one order it placed. */
const newKey = () => `take-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

function TakeOrderForm({ initial, draftId: resumed }: { initial: TakeForm; draftId?: number }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [form, setForm] = useState(initial)
  const [tried, setTried] = useState(false)
  const [key] = useState(newKey)
  const [status, setStatus] = useState<string | null>(null)
  // the draft this form saves to and finishes: the one it was opened from, or the one its first save made
  const [draftId, setDraftId] = useState(resumed)
  const patch = (change: Partial<TakeForm>) => setForm((now) => ({ ...now, ...change }))

  // the price is asked again once typing pauses
  const wanted = quoteOf(form)
  const [asked, setAsked] = useState(wanted)
  const wantedText = JSON.stringify(wanted)
  useEffect(() => {
    const timer = setTimeout(() => setAsked(JSON.parse(wantedText)), 300)
    return () => clearTimeout(timer)
  }, [wantedText])
  const quote = useQuery({ ...takeQuoteQuery(asked), placeholderData: keepPreviousData })

  const { body, problems } = requestOf(form)
  const take = useMutation({
    mutationFn: async () => (body ? takeApi.take({ ...body, ...(draftId ? { draftId } : {}) }, key) : null),
    meta: { silent: true },
    onSuccess: (order) => {
      if (!order) return
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(), refetchType: 'none' })
      queryClient.setQueryData(orderKeys.detail(order.id), order)
      void navigate(adminLink(`orders/${order.id}`))
    },
  })
  const save = useMutation({
    mutationFn: () => takeApi.saveDraft(draftOf(form), draftId),
    meta: { silent: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: takeKeys.drafts() })
      queryClient.setQueryData(takeKeys.draft(saved.id), saved)
      setDraftId(saved.id)
      setStatus(t('admin-orders.take-draft-saved'))
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTried(true)
    setStatus(null)
    if (body) take.mutate()
  }

  // what is wrong: the form's own checks once it was sent, then the server's word
  const said = take.error instanceof ApiRequestError ? take.error.fields : {}
  const errorOf = (field: string) => (tried ? problems[field] : undefined) ?? said[field]?.[0]
  const known = new Set([
    ...Object.keys(problems),
    'source',
    'language',
    'customer.phone',
    'customer.name',
    'lines',
    'coupon',
    'notes',
  ])
  const unplaced = Object.entries(said)
    .filter(([field]) => !known.has(field) && !/^(lines\.|address\.|manualDiscount\.|advance\.)/.test(field))
    .flatMap(([, messages]) => messages)
  const formError =
    take.error && !(take.error instanceof ApiRequestError)
      ? t('common.failed')
      : unplaced.length > 0
        ? unplaced.join(' ')
        : tried && !body
          ? t('admin-orders.take-fix')
          : null

  const add = (line: AddedLine) =>
    patch({ lines: [...form.lines, { ...line, quantity: String(line.quantity) }] })

  return (
    <form className="admin-stack take-order__form" onSubmit={submit} noValidate>
      <TakeSource form={form} patch={patch} errorOf={errorOf} />
      <TakeCustomer form={form} patch={patch} errorOf={errorOf} />
      <fieldset className="take-order__section">
        <legend>{t('admin-orders.take-products')}</legend>
        <TakeLines form={form} patch={patch} errorOf={errorOf} quote={quote.data ?? null} />
        <OrderEditAdd inOrder={new Set(form.lines.map((line) => line.skuId))} onAdd={add} />
      </fieldset>
      <TakeDelivery form={form} patch={patch} errorOf={errorOf} said={said} />
      <TakeMoney form={form} patch={patch} errorOf={errorOf} couponError={quote.data?.couponError ?? null} />
      <TextArea
        label={t('admin-orders.take-notes')}
        maxLength={500}
        value={form.notes}
        onChange={(event) => patch({ notes: event.target.value })}
        error={errorOf('notes')}
      />
      <TakeSummary form={form} quote={asked ? (quote.data ?? null) : null} working={quote.isFetching} />
      <FormAlert message={formError} />
      <LiveStatus message={status} />
      <div className="admin-actions admin-actions--end">
        <button
          type="button"
          className="button button--ghost"
          disabled={save.isPending}
          onClick={() => {
            setStatus(null)
            save.mutate()
          }}
        >
          {save.isPending ? t('admin-orders.working') : t('admin-orders.take-save-draft')}
        </button>
        <button type="submit" className="button" disabled={take.isPending}>
          {take.isPending ? t('admin-orders.working') : t('admin-orders.take-submit')}
        </button>
      </div>
      {save.error && <FormAlert message={save.error.message} />}
    </form>
  )
}
