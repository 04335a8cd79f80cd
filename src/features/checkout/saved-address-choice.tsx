import type { Address } from '../../contract/addresses'
import { t } from '../../i18n'
import type { AddressChoice } from './use-checkout-form'

type Props = {
  savedList: readonly Address[]
  selectedId: AddressChoice
  onChoose: (id: AddressChoice) => void
}

/** The signed-in shopper's saved addresses as radios, and the way to a new one. */
export function SavedAddressChoice({ savedList, selectedId, onChoose }: Props) {
  return (
    <div className="saved-addresses" role="radiogroup" aria-label={t('checkout.saved-addresses')}>
      {savedList.map((saved) => (
        <label key={saved.id} className="saved-address">
          <input
            type="radio"
            name="saved-address"
            checked={selectedId === saved.id}
            onChange={() => onChoose(saved.id)}
          />
          <span>
            <strong>{saved.name}</strong> · {saved.phone}
            <br />
            {saved.street}, {saved.area}, {saved.district}
          </span>
        </label>
      ))}
      <label className="saved-address">
        <input
          type="radio"
          name="saved-address"
          checked={selectedId === 'new'}
          onChange={() => onChoose('new')}
        />
        <span>{t('checkout.new-address')}</span>
      </label>
    </div>
  )
}
