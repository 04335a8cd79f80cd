import { type FormEvent, useId, useState } from 'react'
import { t } from '../../i18n'
import type { MenuPlace, MenuRow } from './menu-rows'

export type PlaceChoice = { value: string; label: string }

export const placeValue = (place: MenuPlace) => `${place.parent ?? ''}|${place.after ?? ''}`
export function placeOf(value: string): MenuPlace {
  const [parent = '', after = ''] = value.split('|')
  return { parent: parent || null, after: after || null }
}

/** A place as the owner reads it: "Top of the menu", "After Men", "Into Men's submenu after Panjabi". */
export function placeLabel(rows: readonly MenuRow[], place: MenuPlace): string {
  const nameOf = (key: string | null) => {
    const row = rows.find((candidate) => candidate.key === key)
    return row ? row.name || row.url : ''
  }
  if (place.parent === null) {
    return place.after === null
      ? t('admin-content.place-top')
      : t('admin-content.place-after', { name: nameOf(place.after) })
  }
  return place.after === null
    ? t('admin-content.place-into-first', { parent: nameOf(place.parent) })
    : t('admin-content.place-into-after', { parent: nameOf(place.parent), name: nameOf(place.after) })
}

type Props = {
  /** the item's name, for the control's accessible name */
  label: string
  places: PlaceChoice[]
  onMove: (value: string) => void
}

/**
 * Moves an item anywhere in one step: a list of the places it may go, and a button. The move waits for the
 * button, so going through the list with the arrow keys never moves the item on the way.
 */
export function MenuMoveTo({ label, places, onMove }: Props) {
  const id = useId()
  const [choice, setChoice] = useState('')
  const chosen = places.some((place) => place.value === choice) ? choice : ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen) return
    onMove(chosen)
    setChoice('')
  }
  return (
    <form className="content-row__move-to" onSubmit={submit}>
      <label htmlFor={id}>
        <span className="visually-hidden">{label}: </span>
        {t('admin-content.move-to')}
      </label>
      <select id={id} value={chosen} onChange={(event) => setChoice(event.target.value)}>
        <option value="">{t('admin-content.choose-place')}</option>
        {places.map((place) => (
          <option key={place.value} value={place.value}>
            {place.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--ghost" disabled={!chosen}>
        {t('admin-content.move')}
        <span className="visually-hidden"> {label}</span>
      </button>
    </form>
  )
}
