import type { ReactNode } from 'react'
import { t } from '../i18n'

type RowMovesProps = {
  /** the row's place and how many rows there are */
  index: number
  count: number
  /** what the row is called, for screen readers ("Move up Section 2: Banner") */
  label: string
  onMove: (to: number) => void
  onRemove: () => void
  /** more of the row's buttons, between the moves and Remove (a menu item's Into / Out of submenu) */
  children?: ReactNode
}

/** A row of an ordered list the owner arranges (home page sections, a banner's pictures, chosen products): move it up or down, or remove it. */
export function RowMoves({ index, count, label, onMove, onRemove, children }: RowMovesProps) {
  return (
    <div className="row-moves">
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
      {children}
      <button type="button" className="button button--ghost admin-button--danger" onClick={onRemove}>
        {t('admin-content.remove')}
        <span className="visually-hidden"> {label}</span>
      </button>
    </div>
  )
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}
