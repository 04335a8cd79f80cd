import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address } from '../../contract/addresses'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { addressesQuery, addressKeys } from '../../state/addresses'
import { useCurrentUser } from '../../state/session'
import { type AddressDraft, AddressFields, emptyAddress } from '../../ui/address-fields'
import { placesText } from '../../ui/order-changes'
import { createAddress, deleteAddress, updateAddress } from './addresses-api'
import { SignInNeeded } from './sign-in-needed'
import '../../styles/commerce.css'

const draftOf = ({ name, phone, division, district, area, street, landmark }: Address): AddressDraft => ({
  name,
  phone,
  division,
  district,
  area,
  street,
  landmark,
})

/** /user/address: the shopper's saved delivery addresses. */
export function AddressBookPage() {
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const list = useQuery({ ...addressesQuery, enabled: Boolean(user) })
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [draft, setDraft] = useState<AddressDraft>(emptyAddress)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressKeys.all })

  const save = useMutation({
    mutationFn: () =>
      editing === 'new' || editing === null ? createAddress(draft) : updateAddress(editing, draft),
    onSuccess: async () => {
      toast.success(t('account.address-saved'))
      setEditing(null)
      setErrors({})
      await refresh()
    },
    onError: (error) => setErrors(error instanceof ApiRequestError ? error.fields : {}),
    meta: { silent: true },
  })
  const remove = useMutation({ mutationFn: deleteAddress, onSuccess: refresh })
  const makeDefault = useMutation({
    mutationFn: (id: number) => updateAddress(id, { isDefault: true }),
    onSuccess: refresh,
  })

  if (!user) {
    return (
      <section className="commerce-page">
        <h1>{t('account.addresses')}</h1>
        <SignInNeeded backPath="/user/address" what={t('account.your-addresses')} />
      </section>
    )
  }
  return (
    <section className="commerce-page">
      <h1>{t('account.addresses')}</h1>
      {list.data?.length === 0 && editing === null && (
        <p className="empty-note">{t('account.no-addresses')}</p>
      )}
      <ul className="address-list">
        {list.data?.map((address) => (
          <li key={address.id} className="form-card">
            <p>
              <strong>{address.name}</strong> · {address.phone}{' '}
              {address.isDefault && <span className="tag">{t('account.default')}</span>}
            </p>
            <p>
              {address.street}
              {address.landmark ? ` (${address.landmark})` : ''}, {placesText(address, address.placesBn)}
            </p>
            <div className="row-actions">
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => {
                  setEditing(address.id)
                  setDraft(draftOf(address))
                }}
              >
                {t('account.edit')}
              </button>
              {!address.isDefault && (
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => makeDefault.mutate(address.id)}
                >
                  {t('account.make-default')}
                </button>
              )}
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => remove.mutate(address.id)}
                aria-label={t('account.delete-address', { street: address.street })}
              >
                {t('account.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing === null ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            setEditing('new')
            setDraft(emptyAddress)
          }}
        >
          {t('account.add-address')}
        </button>
      ) : (
        <form
          className="form-card"
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate()
          }}
          noValidate
        >
          <h2>{editing === 'new' ? t('account.new-address') : t('account.edit-address')}</h2>
          <AddressFields value={draft} onChange={setDraft} errors={errors} idPrefix="book" />
          <div className="row-actions">
            <button type="submit" className="button" disabled={save.isPending}>
              {t('account.save-address')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setEditing(null)}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
