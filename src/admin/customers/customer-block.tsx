import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminCustomer, BlockScope } from '../../contract/admin-customers'
import { t } from '../../i18n'
import { Popup } from '../../ui/popup'
import { ConfirmDialog } from '../confirm-dialog'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { customerKeys, customersApi } from './customers-api'

/**
 * Block (refusing cash on delivery, or every order) or unblock, each behind a dialog that says what it does;
 * the outcome is announced. A registered customer's account goes with the number.
 */
export function BlockControl({ customer, name }: { customer: AdminCustomer; name: string }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const blocking = customer.status === 'active'
  const change = useMutation({
    mutationFn: (scope: BlockScope | null) => customersApi.setBlock(customer.id, scope),
    meta: { silent: true },
    onSuccess: (updated) => {
      setConfirming(false)
      setProblem(null)
      queryClient.setQueryData(customerKeys.one(customer.id), updated)
      void queryClient.invalidateQueries({ queryKey: [...customerKeys.all(), 'list'] })
      setDone(
        updated.status === 'blocked'
          ? t('admin-customers.blocked-done', { name })
          : t('admin-customers.unblocked-done', { name }),
      )
    },
    onError: (failure) => {
      setConfirming(false)
      setDone(null)
      setProblem(formErrors(failure, []).form)
    },
  })
  const label = blocking ? t('admin-customers.block') : t('admin-customers.unblock')
  return (
    <div className="admin-stack">
      <div className="admin-actions">
        <button
          type="button"
          className={blocking ? 'button admin-button--danger' : 'button'}
          onClick={() => setConfirming(true)}
        >
          {label}
        </button>
      </div>
      <FormAlert message={problem} />
      <LiveStatus message={done} />
      {confirming &&
        (blocking ? (
          <BlockDialog
            customer={customer}
            name={name}
            busy={change.isPending}
            onBlock={(scope) => change.mutate(scope)}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <ConfirmDialog
            title={label}
            text={t('admin-customers.confirm-unblock', { name })}
            confirmLabel={label}
            busy={change.isPending}
            onConfirm={() => change.mutate(null)}
            onCancel={() => setConfirming(false)}
          />
        ))}
    </div>
  )
}

type BlockDialogProps = {
  customer: AdminCustomer
  name: string
  busy: boolean
  onBlock: (scope: BlockScope) => void
  onCancel: () => void
}

/** What a block refuses, chosen with the consequences in sight: cash on delivery (the usual), or every order. */
function BlockDialog({ customer, name, busy, onBlock, onCancel }: BlockDialogProps) {
  const title = t('admin-customers.block')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const scope = new FormData(event.currentTarget).get('scope')
    onBlock(scope === 'all' ? 'all' : 'cod')
  }
  return (
    <Popup title={title} onClose={onCancel} width="min(480px, 94vw)" className="admin-dialog">
      <form className="admin-stack" onSubmit={submit}>
        <fieldset className="customer-block-choice">
          <legend>{t('admin-customers.block-what', { name })}</legend>
          <label>
            <input type="radio" name="scope" value="cod" defaultChecked />
            {t('admin-customers.block-cod')}
          </label>
          <label>
            <input type="radio" name="scope" value="all" />
            {t('admin-customers.block-all')}
          </label>
        </fieldset>
        <p>
          {customer.account
            ? t('admin-customers.confirm-block', { name })
            : t('admin-customers.confirm-block-guest', { name })}
        </p>
        <div className="admin-actions admin-actions--end">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className="button admin-button--danger" disabled={busy}>
            {title}
          </button>
        </div>
      </form>
    </Popup>
  )
}
