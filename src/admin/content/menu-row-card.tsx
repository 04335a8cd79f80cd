import type { DragEvent } from 'react'
import { MENU_NAME_MAX } from '../../contract/admin-content'
import { t } from '../../i18n'
import { typeLabel } from './menu-add-item'
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
  onDropAt: (from: number) => void
}

/** One item of the menu being edited: its names, what it opens, and buttons to move, nest and remove it. */
export function MenuRowCard({
  row,
  index,
  count,
  errors,
  onChange,
  onMove,
  onDepth,
  onRemove,
  onDropAt,
  ...can
}: Props) {
  const label = row.name || row.url
  const drop = (event: DragEvent) => {
    event.preventDefault()
    const from = Number(event.dataTransfer.getData('text/plain'))
    if (Number.isInteger(from)) onDropAt(from)
  }
  return (
    <li
      className="content-row"
      data-depth={row.depth}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', String(index))
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={drop}
    >
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
      <div className="content-row__buttons">
        <button
          type="button"
          className="button button--ghost"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          {t('admin-content.move-up')}
          <span className="visually-hidden"> {label}</span>
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          {t('admin-content.move-down')}
          <span className="visually-hidden"> {label}</span>
        </button>
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
        <button type="button" className="button button--ghost admin-button--danger" onClick={onRemove}>
          {t('admin-content.remove')}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </li>
  )
}
