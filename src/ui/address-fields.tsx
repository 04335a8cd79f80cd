import { useQuery } from '@tanstack/react-query'
import type { AddressInput } from '../contract/addresses'
import { t, useLanguage } from '../i18n'
import { locationsQuery } from '../state/addresses'

export type AddressDraft = Required<AddressInput>
export const emptyAddress: AddressDraft = {
  name: '',
  phone: '',
  division: '',
  district: '',
  area: '',
  street: '',
  landmark: '',
}

type Props = {
  value: AddressDraft
  onChange: (next: AddressDraft) => void
  errors: Record<string, string[]>
  /** the name and phone come from elsewhere (the guest's contact fields) */
  withContact?: boolean
  idPrefix?: string
}

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null
  return (
    <p id={id} className="field-error" role="alert">
      {messages[0]}
    </p>
  )
}

/** Division → district → area (upazila / thana) choosers for Bangladesh, street and landmark. */
export function AddressFields({ value, onChange, errors, withContact = true, idPrefix = 'address' }: Props) {
  const locations = useQuery(locationsQuery)
  const divisions = locations.data?.divisions ?? []
  const districts = divisions.find((d) => d.name === value.division)?.districts ?? []
  const areas = districts.find((d) => d.name === value.district)?.areas ?? []
  const set = (patch: Partial<AddressDraft>) => onChange({ ...value, ...patch })
  const id = (name: string) => `${idPrefix}-${name}`
  const error = (name: string) => errors[name] ?? errors[`address.${name}`]
  const described = (name: string) => (error(name) ? `${id(name)}-error` : undefined)
  const bangla = useLanguage() === 'bn'
  const place = ({ name, bn }: { name: string; bn?: string }) => (
    <option key={name} value={name}>
      {(bangla && bn) || name}
    </option>
  )

  const text = (name: 'name' | 'phone' | 'street' | 'landmark', label: string, extra: object = {}) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      <input
        id={id(name)}
        name={name}
        value={value[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        aria-invalid={Boolean(error(name))}
        aria-describedby={described(name)}
        {...extra}
      />
      <FieldError id={`${id(name)}-error`} messages={error(name)} />
    </div>
  )

  return (
    <div className="address-fields">
      {withContact && text('name', t('checkout.full-name'), { autoComplete: 'name', required: true })}
      {withContact &&
        text('phone', t('checkout.mobile'), {
          autoComplete: 'tel',
          inputMode: 'tel',
          placeholder: '01xxx-xxxxxx',
          required: true,
        })}
      <div className="field">
        <label htmlFor={id('division')}>{t('checkout.division')}</label>
        <select
          id={id('division')}
          name="division"
          value={value.division}
          required
          onChange={(event) => set({ division: event.target.value, district: '', area: '' })}
          aria-invalid={Boolean(error('division'))}
        >
          <option value="">{t('checkout.choose-division')}</option>
          {divisions.map(place)}
        </select>
        <FieldError id={`${id('division')}-error`} messages={error('division')} />
      </div>
      <div className="field">
        <label htmlFor={id('district')}>{t('checkout.district')}</label>
        <select
          id={id('district')}
          name="district"
          value={value.district}
          required
          disabled={districts.length === 0}
          onChange={(event) => set({ district: event.target.value, area: '' })}
          aria-invalid={Boolean(error('district'))}
        >
          <option value="">{t('checkout.choose-district')}</option>
          {districts.map(place)}
        </select>
        <FieldError id={`${id('district')}-error`} messages={error('district')} />
      </div>
      <div className="field">
        <label htmlFor={id('area')}>{t('checkout.area')}</label>
        <select
          id={id('area')}
          name="area"
          value={value.area}
          required
          disabled={areas.length === 0}
          onChange={(event) => set({ area: event.target.value })}
          aria-invalid={Boolean(error('area'))}
          aria-describedby={described('area')}
        >
          <option value="">{t('checkout.choose-area')}</option>
          {areas.map(place)}
        </select>
        <FieldError id={`${id('area')}-error`} messages={error('area')} />
      </div>
      {text('street', t('checkout.street'), { autoComplete: 'street-address', required: true })}
      {text('landmark', t('checkout.landmark'))}
    </div>
  )
}

/** The delivery zone of a chosen place, from the locations list. */
export function useZoneOf(place: Pick<AddressDraft, 'division' | 'district' | 'area'>) {
  const locations = useQuery(locationsQuery)
  const zone = locations.data?.divisions
    .find((d) => d.name === place.division)
    ?.districts.find((d) => d.name === place.district)
    ?.areas.find((a) => a.name === place.area)?.zone
  const info = zone ? locations.data?.zones.find((z) => z.zone === zone) : undefined
  return info ?? null
}
