import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { CourierPlaceBody, CourierPlaceRow, PathaoPlace } from '../../contract/couriers'
import { t, useLanguage } from '../../i18n'
import { locationsQuery } from '../../state/addresses'
import { pathaoPlacesQuery } from '../couriers-api'
import { SelectField } from '../form-parts'

/** Our place and Pathao's, as the form holds them; a Pathao id left null is the name match's guess. */
export type PlaceDraft = {
  division: string
  district: string
  area: string
  cityId: number | null
  zoneId: number | null
  areaId: number | null
}
export const emptyPlace: PlaceDraft = {
  division: '',
  district: '',
  area: '',
  cityId: null,
  zoneId: null,
  areaId: null,
}
export const draftOf = (row: CourierPlaceRow): PlaceDraft => ({
  division: row.division,
  district: row.district,
  area: row.area,
  cityId: row.cityId,
  zoneId: row.zoneId,
  areaId: row.areaId,
})

/** A place name as two lists may spell it: lower case, letters and digits only. */
const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
const sameName = (name: string, options: readonly PathaoPlace[]) =>
  name ? options.find((option) => key(option.name) === key(name)) : undefined

type Props = {
  draft: PlaceDraft
  onChange: (draft: PlaceDraft) => void
  busy: boolean
  onSave: (body: CourierPlaceBody) => void
}

/**
 * One of our areas and what Pathao calls it: our division → district → area, then Pathao's city → zone →
 * area, the city and zone first guessed from our district's and area's names (the owner corrects them).
 */
export function CourierPlaceForm({ draft, onChange, busy, onSave }: Props) {
  const bangla = useLanguage() === 'bn'
  const locations = useQuery(locationsQuery)
  const divisions = locations.data?.divisions ?? []
  const districts = divisions.find((d) => d.name === draft.division)?.districts ?? []
  const areas = districts.find((d) => d.name === draft.district)?.areas ?? []
  const cities = useQuery(pathaoPlacesQuery('cities')).data ?? []
  const cityId = draft.cityId ?? sameName(draft.district, cities)?.id ?? null
  const zones = useQuery(pathaoPlacesQuery('zones', cityId ?? undefined)).data ?? []
  const zoneId = draft.zoneId ?? sameName(draft.area, zones)?.id ?? null
  const pathaoAreas = useQuery(pathaoPlacesQuery('areas', zoneId ?? undefined)).data ?? []
  const [missing, setMissing] = useState(false)
  const set = (patch: Partial<PlaceDraft>) => onChange({ ...draft, ...patch })
  const ours = ({ name, bn }: { name: string; bn?: string }) => (
    <option key={name} value={name}>
      {(bangla && bn) || name}
    </option>
  )
  const theirs = (place: PathaoPlace) => (
    <option key={place.id} value={place.id}>
      {place.name}
    </option>
  )
  const idOf = (value: string) => (value ? Number(value) : null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const city = cities.find((c) => c.id === cityId)
    const zone = zones.find((z) => z.id === zoneId)
    const area = pathaoAreas.find((a) => a.id === draft.areaId)
    setMissing(!city || !zone)
    if (!city || !zone || !draft.area) return
    onSave({
      division: draft.division,
      district: draft.district,
      area: draft.area,
      pathao: {
        cityId: city.id,
        cityName: city.name,
        zoneId: zone.id,
        zoneName: zone.name,
        areaId: area?.id ?? null,
        areaName: area?.name ?? null,
      },
    })
  }

  return (
    <form className="admin-panel courier-place-form" onSubmit={submit} noValidate>
      <fieldset className="courier-place-form__group">
        <legend>{t('admin-couriers.our-place')}</legend>
        <SelectField
          label={t('admin-couriers.division')}
          value={draft.division}
          required
          onChange={(e) => set({ ...emptyPlace, division: e.target.value })}
        >
          <option value="">{t('admin-couriers.choose')}</option>
          {divisions.map(ours)}
        </SelectField>
        <SelectField
          label={t('admin-couriers.district')}
          value={draft.district}
          required
          disabled={districts.length === 0}
          onChange={(e) =>
            set({ district: e.target.value, area: '', cityId: null, zoneId: null, areaId: null })
          }
        >
          <option value="">{t('admin-couriers.choose')}</option>
          {districts.map(ours)}
        </SelectField>
        <SelectField
          label={t('admin-couriers.area')}
          value={draft.area}
          required
          disabled={areas.length === 0}
          onChange={(e) => set({ area: e.target.value, zoneId: null, areaId: null })}
        >
          <option value="">{t('admin-couriers.choose')}</option>
          {areas.map(ours)}
        </SelectField>
      </fieldset>
      <fieldset className="courier-place-form__group">
        <legend>{t('admin-couriers.pathao-place')}</legend>
        <SelectField
          label={t('admin-couriers.pathao-city')}
          value={cityId ?? ''}
          required
          error={missing && cityId === null ? t('admin-couriers.need-city') : null}
          onChange={(e) => set({ cityId: idOf(e.target.value), zoneId: null, areaId: null })}
        >
          <option value="">{t('admin-couriers.choose')}</option>
          {cities.map(theirs)}
        </SelectField>
        <SelectField
          label={t('admin-couriers.pathao-zone')}
          value={zoneId ?? ''}
          required
          disabled={zones.length === 0}
          error={missing && zoneId === null ? t('admin-couriers.need-zone') : null}
          onChange={(e) => set({ cityId, zoneId: idOf(e.target.value), areaId: null })}
        >
          <option value="">{t('admin-couriers.choose')}</option>
          {zones.map(theirs)}
        </SelectField>
        <SelectField
          label={t('admin-couriers.pathao-area')}
          value={draft.areaId ?? ''}
          disabled={pathaoAreas.length === 0}
          onChange={(e) => set({ cityId, zoneId, areaId: idOf(e.target.value) })}
        >
          <option value="">{t('admin-couriers.any-area')}</option>
          {pathaoAreas.map(theirs)}
        </SelectField>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy || !draft.area}>
          {t('admin-couriers.save-place')}
        </button>
      </div>
    </form>
  )
}
