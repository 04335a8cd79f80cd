import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminProductRow, BulkAction, BulkResult, SkipReason } from '../../contract/admin-products'
import type { AdminRefs } from '../../contract/admin-refs'
import { figure, msg, t } from '../../i18n'
import { ConfirmDialog } from '../confirm-dialog'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus, SelectField } from '../form-parts'
import { productListKeys, productsApi } from './products-api'

type Choice = BulkAction['type'] | 'stock'

const actionLabels: Record<Choice, ReturnType<typeof msg>> = {
  publish: msg('admin-products.action-publish'),
  unpublish: msg('admin-products.action-unpublish'),
  archive: msg('admin-products.action-archive'),
  discount: msg('admin-products.action-discount'),
  'add-campaign': msg('admin-products.action-add-campaign'),
  'remove-campaign': msg('admin-products.action-remove-campaign'),
  stock: msg('admin-products.action-stock'),
}
const reasonLabels: Record<SkipReason, ReturnType<typeof msg>> = {
  'not-found': msg('admin-products.skip-not-found'),
  'no-sku': msg('admin-products.skip-no-sku'),
  'no-image': msg('admin-products.skip-no-image'),
}

type Request = { choice: Choice; action?: BulkAction; by?: number }

type BulkBarProps = {
  selected: number[]
  rows: readonly AdminProductRow[]
  /** owners and managers: every action; staff: the stock change only */
  catalogue: boolean
  campaigns: AdminRefs['campaigns']
  onDone: () => void
}

/** What to do with the chosen products, the confirmation archive and discounts ask for, and what came of it. */
export function BulkBar({ selected, rows, catalogue, campaigns, onDone }: BulkBarProps) {
  const queryClient = useQueryClient()
  const [choice, setChoice] = useState<Choice>(catalogue ? 'publish' : 'stock')
  const [confirming, setConfirming] = useState<Request | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const choices: Choice[] = catalogue ? (Object.keys(actionLabels) as Choice[]) : ['stock']

  const run = useMutation({
    mutationFn: (request: Request) =>
      request.choice === 'stock'
        ? productsApi.bulkStock(selected, request.by ?? 0)
        : productsApi.bulk(selected, request.action as BulkAction),
    meta: { silent: true },
    onSuccess: (answer) => {
      setConfirming(null)
      setProblem(null)
      setResult(resultText(answer, rows))
      onDone()
      void queryClient.invalidateQueries({ queryKey: productListKeys.all() })
    },
    onError: (failure) => {
      setConfirming(null)
      setResult(null)
      const { fields, form } = formErrors(failure, [])
      setProblem(form ?? Object.values(fields)[0] ?? null)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const number = (name: string) => Number(form.get(name))
    let request: Request
    if (choice === 'stock') request = { choice, by: number('by') }
    else if (choice === 'discount')
      request = { choice, action: { type: 'discount', percent: number('percent') } }
    else if (choice === 'add-campaign' || choice === 'remove-campaign')
      request = { choice, action: { type: choice, campaignId: number('campaignId') } }
    else request = { choice, action: { type: choice } }
    if (choice === 'archive' || choice === 'discount') setConfirming(request)
    else run.mutate(request)
  }

  return (
    <>
      <form className="bulk-bar" aria-label={t('admin-products.bulk')} onSubmit={submit}>
        <p className="bulk-bar__count">
          {t('admin-products.selected', { count: selected.length, shown: figure(selected.length) })}
        </p>
        <SelectField
          label={t('admin-products.bulk-action')}
          name="action"
          value={choice}
          onChange={(event) => setChoice(event.target.value as Choice)}
        >
          {choices.map((value) => (
            <option key={value} value={value}>
              {t(actionLabels[value])}
            </option>
          ))}
        </SelectField>
        {choice === 'discount' && (
          <NumberField
            label={t('admin-products.percent')}
            name="percent"
            min={0}
            max={90}
            defaultValue={10}
          />
        )}
        {choice === 'stock' && (
          <NumberField
            label={t('admin-products.stock-by')}
            name="by"
            min={-1_000_000}
            max={1_000_000}
            defaultValue={1}
          />
        )}
        {(choice === 'add-campaign' || choice === 'remove-campaign') && (
          <SelectField label={t('admin-products.campaign')} name="campaignId" required>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </SelectField>
        )}
        <button type="submit" className="button" disabled={selected.length === 0 || run.isPending}>
          {t('admin-products.bulk-apply')}
        </button>
      </form>
      <FormAlert message={problem} />
      <LiveStatus message={result} />
      {confirming && (
        <ConfirmDialog
          title={t(actionLabels[confirming.choice])}
          text={
            confirming.action?.type === 'discount'
              ? t('admin-products.confirm-discount', {
                  count: selected.length,
                  shown: figure(selected.length),
                  percent: figure(confirming.action.percent),
                })
              : t('admin-products.confirm-archive', {
                  count: selected.length,
                  shown: figure(selected.length),
                })
          }
          confirmLabel={t(actionLabels[confirming.choice])}
          danger={confirming.choice === 'archive'}
          busy={run.isPending}
          onConfirm={() => run.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  )
}

function NumberField(props: { label: string; name: string; min: number; max: number; defaultValue: number }) {
  const id = `bulk-${props.name}`
  return (
    <div className="auth-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="number"
        inputMode="numeric"
        step={1}
        required
        min={props.min}
        max={props.max}
        defaultValue={props.defaultValue}
      />
    </div>
  )
}

/** "12 changed, 2 skipped: Silk saree (no image), …" */
function resultText(answer: BulkResult, rows: readonly AdminProductRow[]): string {
  const changed = t('admin-products.result-changed', { count: answer.changed, shown: figure(answer.changed) })
  if (answer.skipped.length === 0) return changed
  const names = answer.skipped
    .map(({ id, reason }) => {
      const name = rows.find((row) => row.id === id)?.name ?? `#${figure(id)}`
      return t('admin-products.skipped-one', { name, reason: t(reasonLabels[reason]) })
    })
    .join(', ')
  return t('admin-products.result-skipped', {
    changed,
    count: answer.skipped.length,
    shown: figure(answer.skipped.length),
    names,
  })
}
