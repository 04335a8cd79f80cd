import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import {
  type AdminPromotion,
  PROMOTION_KINDS,
  type PromotionKind,
  type PromotionStatus,
} from '../../contract/admin-promotions'
import { figure, t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { catalogueRefsQuery } from '../catalogue-refs'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, SelectField } from '../form-parts'
import { ProductPicker } from '../product-picker'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { newPromotionDraft, type PromotionDraft, promotionBodyOf, promotionDraftOf } from './promotion-draft'
import { promotionKeys, promotionsApi, promotionsQuery } from './promotions-api'
import './promotions.css'

export function kindName(kind: PromotionKind): string {
  switch (kind) {
    case 'buy_get':
      return t('admin-promotions.kind-buy-get')
    case 'spend_tiers':
      return t('admin-promotions.kind-spend-tiers')
    case 'bundle':
      return t('admin-promotions.kind-bundle')
  }
}

function statusName(status: PromotionStatus): string {
  switch (status) {
    case 'running':
      return t('admin-promotions.status-running')
    case 'scheduled':
      return t('admin-promotions.status-scheduled')
    case 'paused':
      return t('admin-promotions.status-paused')
    case 'ended':
      return t('admin-promotions.status-ended')
  }
}

/** What a promotion gives, in a line: "Buy 2, get 1 free", "TK 3,000 → 10 %", "3 products for TK 2,500". */
function summaryOf(promotion: AdminPromotion): string {
  const rules = promotion.rules
  switch (rules.kind) {
    case 'buy_get':
      return rules.percent === 100
        ? t('admin-promotions.summary-buy-get-free', { buy: figure(rules.buy), get: figure(rules.get) })
        : t('admin-promotions.summary-buy-get', {
            buy: figure(rules.buy),
            get: figure(rules.get),
            percent: figure(rules.percent),
          })
    case 'spend_tiers':
      return rules.tiers
        .map((tier) =>
          t('admin-promotions.summary-tier', { spend: taka(tier.spend), percent: figure(tier.percent) }),
        )
        .join(' · ')
    case 'bundle':
      return t('admin-promotions.summary-bundle', {
        count: figure(rules.productIds.length),
        price: taka(rules.price),
      })
  }
}

/** `/admin/promotions`: the shop's offers, the running first, and the editor of a new or chosen one. */
export function PromotionsPage(_props: SectionPageProps) {
  const promotions = useQuery(promotionsQuery)
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  return (
    <div className="admin-page">
      <h1>{t('admin.nav-promotions')}</h1>
      <p>{t('admin-promotions.help')}</p>
      <LiveStatus message={status} />
      {editing === null && (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('admin-promotions.new')}
        </button>
      )}
      {editing !== null && (
        <PromotionEditor
          key={editing === 'new' ? 'new' : `${editing.id} ${editing.version}`}
          promotion={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null)
            setStatus(message)
          }}
        />
      )}
      {promotions.data ? (
        promotions.data.length === 0 ? (
          <p className="admin-status">{t('admin-promotions.none')}</p>
        ) : (
          <ul className="promotion-list" aria-label={t('admin.nav-promotions')}>
            {promotions.data.map((promotion) => (
              <li key={promotion.id} className="promotion-card">
                <div>
                  <strong>{promotion.name}</strong>{' '}
                  <span className="promotion-card__status">{statusName(promotion.status)}</span>
                </div>
                <div>
                  {kindName(promotion.rules.kind)}: {summaryOf(promotion)}
                </div>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setEditing(promotion)}
                  aria-label={t('admin-promotions.edit-named', { name: promotion.name })}
                >
                  {t('admin-promotions.edit')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : promotions.error ? (
        <LoadProblem error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}

const fieldNames = [
  'name',
  'nameBn',
  'startsAt',
  'endsAt',
  'rules',
  'rules.buy',
  'rules.get',
  'rules.percent',
  'rules.productIds',
  'rules.categoryIds',
  'rules.tiers',
  'rules.price',
  ...[0, 1, 2, 3, 4].flatMap((index) => [`rules.tiers.${index}.spend`, `rules.tiers.${index}.percent`]),
]

function PromotionEditor({
  promotion,
  onDone,
}: {
  promotion: AdminPromotion | null
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const refs = useQuery(catalogueRefsQuery)
  const [draft, setDraft] = useState<PromotionDraft>(() =>
    promotion ? promotionDraftOf(promotion) : newPromotionDraft(),
  )
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const change = (patch: Partial<PromotionDraft>) => setDraft((now) => ({ ...now, ...patch }))
  const errorOf = (field: string) => errors.fields[field] ?? null
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all() })
    onDone(message)
  }
  const save = useMutation({
    mutationFn: () =>
      promotion
        ? promotionsApi.update(promotion.id, promotion.version, promotionBodyOf(draft))
        : promotionsApi.create(promotionBodyOf(draft)),
    onMutate: () => setErrors(noErrors),
    onSuccess: (saved) => done(t('admin-promotions.saved', { name: saved.name })),
    onError: (error) => setErrors(formErrors(error, fieldNames)),
  })
  const remove = useMutation({
    mutationFn: () => promotionsApi.remove(promotion?.id ?? 0),
    onSuccess: () => done(t('admin-promotions.deleted', { name: promotion?.name ?? '' })),
    onError: (error) => setErrors(formErrors(error, fieldNames)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const tiers = draft.tiers
  const setTier = (index: number, patch: Partial<PromotionDraft['tiers'][number]>) =>
    change({ tiers: tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) })

  return (
    <form className="admin-panel promotion-editor" onSubmit={submit} aria-labelledby="promotion-editor-title">
      <h2 id="promotion-editor-title">
        {promotion ? t('admin-promotions.edit-named', { name: promotion.name }) : t('admin-promotions.new')}
      </h2>
      <Field
        label={t('admin-promotions.name')}
        value={draft.name}
        maxLength={60}
        onChange={(event) => change({ name: event.target.value })}
        error={errorOf('name')}
      />
      <Field
        label={t('admin-promotions.name-bn')}
        value={draft.nameBn}
        maxLength={60}
        lang="bn"
        onChange={(event) => change({ nameBn: event.target.value })}
        error={errorOf('nameBn')}
      />
      <SelectField
        label={t('admin-promotions.kind')}
        value={draft.kind}
        onChange={(event) => change({ kind: event.target.value as PromotionKind })}
      >
        {PROMOTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kindName(kind)}
          </option>
        ))}
      </SelectField>

      {draft.kind === 'buy_get' && (
        <fieldset className="promotion-editor__rules">
          <legend>{kindName('buy_get')}</legend>
          <Field
            label={t('admin-promotions.buy')}
            inputMode="numeric"
            value={draft.buy}
            onChange={(event) => change({ buy: event.target.value })}
            error={errorOf('rules.buy')}
          />
          <Field
            label={t('admin-promotions.get')}
            inputMode="numeric"
            value={draft.get}
            onChange={(event) => change({ get: event.target.value })}
            error={errorOf('rules.get')}
          />
          <Field
            label={t('admin-promotions.get-percent')}
            inputMode="numeric"
            value={draft.percent}
            onChange={(event) => change({ percent: event.target.value })}
            error={errorOf('rules.percent')}
          />
          <p className="admin-status">{t('admin-promotions.scope-help')}</p>
          <SelectField
            label={t('admin-promotions.add-category')}
            value=""
            onChange={(event) => {
              const id = Number(event.target.value)
              if (id && !draft.categoryIds.includes(id)) change({ categoryIds: [...draft.categoryIds, id] })
            }}
            error={errorOf('rules.categoryIds')}
          >
            <option value="">{t('admin-content.choose')}</option>
            {refs.data?.categories
              .filter((category) => !draft.categoryIds.includes(category.id))
              .map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
          </SelectField>
          {draft.categoryIds.length > 0 && (
            <ul className="promotion-editor__chosen" aria-label={t('admin-promotions.categories')}>
              {draft.categoryIds.map((id) => {
                const name =
                  refs.data?.categories.find((category) => category.id === id)?.name ?? `#${figure(id)}`
                return (
                  <li key={id}>
                    {name}{' '}
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() =>
                        change({ categoryIds: draft.categoryIds.filter((other) => other !== id) })
                      }
                    >
                      {t('admin-content.remove')}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
          <ProductPicker
            ids={draft.productIds}
            max={100}
            onChange={(productIds) => change({ productIds })}
            error={errorOf('rules.productIds')}
          />
        </fieldset>
      )}

      {draft.kind === 'spend_tiers' && (
        <fieldset className="promotion-editor__rules">
          <legend>{kindName('spend_tiers')}</legend>
          <p className="admin-status">{errorOf('rules.tiers') ?? t('admin-promotions.tiers-help')}</p>
          <ol className="promotion-editor__tiers">
            {tiers.map((tier, index) => {
              const number = figure(index + 1)
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a tier has no identity but its place
                <li key={index}>
                  <Field
                    label={t('admin-promotions.tier-spend', { number })}
                    inputMode="numeric"
                    value={tier.spend}
                    onChange={(event) => setTier(index, { spend: event.target.value })}
                    error={errorOf(`rules.tiers.${index}.spend`)}
                  />
                  <Field
                    label={t('admin-promotions.tier-percent', { number })}
                    inputMode="numeric"
                    value={tier.percent}
                    onChange={(event) => setTier(index, { percent: event.target.value })}
                    error={errorOf(`rules.tiers.${index}.percent`)}
                  />
                  {tiers.length > 1 && (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => change({ tiers: tiers.filter((_, i) => i !== index) })}
                    >
                      {t('admin-promotions.remove-tier', { number })}
                    </button>
                  )}
                </li>
              )
            })}
          </ol>
          {tiers.length < 5 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => change({ tiers: [...tiers, { spend: '', percent: '' }] })}
            >
              {t('admin-promotions.add-tier')}
            </button>
          )}
        </fieldset>
      )}

      {draft.kind === 'bundle' && (
        <fieldset className="promotion-editor__rules">
          <legend>{kindName('bundle')}</legend>
          <ProductPicker
            ids={draft.bundleIds}
            max={6}
            onChange={(bundleIds) => change({ bundleIds })}
            error={errorOf('rules.productIds')}
          />
          <Field
            label={t('admin-promotions.bundle-price')}
            inputMode="numeric"
            value={draft.price}
            onChange={(event) => change({ price: event.target.value })}
            error={errorOf('rules.price')}
          />
        </fieldset>
      )}

      <Field
        type="datetime-local"
        label={t('admin-promotions.starts')}
        value={draft.starts}
        onChange={(event) => change({ starts: event.target.value })}
        error={errorOf('startsAt')}
      />
      <Field
        type="datetime-local"
        label={t('admin-promotions.ends')}
        value={draft.ends}
        onChange={(event) => change({ ends: event.target.value })}
        error={errorOf('endsAt')}
      />
      <label className="coupon-check">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => change({ active: event.target.checked })}
        />
        {t('admin-promotions.active')}
      </label>
      <FormAlert message={errors.form ?? errorOf('rules')} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t('admin-promotions.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onDone('')}>
          {t('admin-promotions.cancel')}
        </button>
        {promotion && (
          <button
            type="button"
            className="button button--ghost admin-button--danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('admin-promotions.delete')}
          </button>
        )}
      </div>
    </form>
  )
}
