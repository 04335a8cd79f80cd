import { type DragEvent, useState } from 'react'
import { MENU_NAME_MAX } from '../../contract/admin-content'
import { t } from '../../i18n'
import { RowMoves } from '../row-moves'
import { typeLabel } from './menu-add-item'
import { MenuMoveTo, type PlaceChoice } from './menu-move-to'
import type { MenuRow } from './menu-rows'

type Props = {
  row: MenuRow
  index: number
  count: number
  canIndent: boolean
  canOutdent: boolean
  errors?: string
  onChange: (patch: Partial<MenuRow>) => void
  onMove: (to: number) => void
  onDepth: (depth: 0 | 1) => void
  onRemove: () => void
  /** the places the item may be moved to in one step */
  places: PlaceChoice[]
  onMoveTo: (place: string) => void
  /** whether the item being dragged may be dropped into this one's submenu */
  nestable: boolean
  onDragStart: () => void
  onDragEnd: () => void
  /** a dragged item dropped here: before this one, or into its submenu (on its right half) */
  onDropAt: (from: number, into: boolean) => void
}

/** a drop on the row's right half (its left half in a right-to-left page) goes into the submenu */
function onSubmenuSide(event: DragEvent<HTMLElement>): boolean {
  const box = event.currentTarget.getBoundingClientRect()
  const rightToLeft = getComputedStyle(event.currentTarget).direction === 'rtl'
  const middle = box.left + box.width / 2
  return rightToLeft ? event.clientX < middle : event.clientX > middle
}

/**
 * One item of the menu being edited: its names, what it opens, and buttons to move, nest and remove it. Dragged
 * onto another item's left half it goes before it; onto its right half, into its submenu.
 */
export function MenuRowCard({
  row,
  index,
  count,
  errors,
  onChange,
  onMove,
  onDepth,
  onRemove,
  places,
  onMoveTo,
  nestable,
  onDragStart,
  onDragEnd,
  onDropAt,
  ...can
}: Props) {
  const label = row.name || row.url
  const [dropping, setDropping] = useState<'before' | 'into' | null>(null)
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDropping(null)
    const from = Number(event.dataTransfer.getData('text/plain'))
    if (Number.isInteger(from)) onDropAt(from, nestable && onSubmenuSide(event))
  }
  return (
    <li
      className="content-row"
      data-depth={row.depth}
      data-drop={dropping ?? undefined}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', String(index))
        onDragStart()
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event) => {
        event.preventDefault()
        setDropping(nestable && onSubmenuSide(event) ? 'into' : 'before')
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(null)
      }}
      onDrop={drop}
    >
      {dropping === 'into' && (
        <span className="content-row__drop-into" aria-hidden="true">
          {t('admin-content.drop-into', { name: label })}
        </span>
      )}
      <div className="content-row__head">
        <span className="content-row__grip" aria-hidden="true">
          ⠿
        </span>
        <span className="admin-tag">{typeLabel(row.type)}</span>
        <span className="content-row__target">{row.url}</span>
      </div>
      <div className="content-row__names">
        <label>
          {t('admin-content.name-en')}
          <input
            value={row.name}
            maxLength={MENU_NAME_MAX}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </label>
        <label>
          {t('admin-content.name-bn')}
          <input
            value={row.nameBn ?? ''}
            lang="bn"
            maxLength={MENU_NAME_MAX}
            onChange={(event) => onChange({ nameBn: event.target.value })}
          />
        </label>
      </div>
      {errors && (
        <p className="auth-error" role="alert">
          {errors}
        </p>
      )}
      <RowMoves index={index} count={count} label={label} onMove={onMove} onRemove={onRemove}>
        {row.depth === 0 ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={!can.canIndent}
            onClick={() => onDepth(1)}
          >
            {t('admin-content.indent')}
            <span className="visually-hidden"> {label}</span>
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            disabled={!can.canOutdent}
            onClick={() => onDepth(0)}
          >
            {t('admin-content.outdent')}
            <span className="visually-hidden"> {label}</span>
          </button>
        )}
      </RowMoves>
      <MenuMoveTo label={label} places={places} onMove={onMoveTo} />
    </li>
  )
}
