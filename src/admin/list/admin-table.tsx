import { Fragment, type ReactNode, useId } from 'react'

export type AdminColumn<Row> = {
  /** the column's heading */
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** on a phone each row is a card: the cell's name beside its value (none for the row's title) */
  label?: string
  className?: string
}

/** Rows ticked for a bulk action, by id. */
export type AdminSelection<Row> = {
  selected: ReadonlySet<number>
  onSelect: (next: ReadonlySet<number>) => void
  /** the accessible name of the box that ticks the whole page */
  pageLabel: string
  /** the accessible name of a row's box */
  rowLabel: (row: Row) => string
  idOf: (row: Row) => number
  className: string
}

type AdminTableProps<Row> = {
  caption: string
  /** the list's own class (`order-rows`), for its columns' styles */
  className: string
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  columns: readonly AdminColumn<Row>[]
  /** the page is being replaced by the next one */
  busy: boolean
  /** what an empty page says */
  empty: string
  selection?: AdminSelection<Row>
  rowClassName?: string
  /** a table row drawn under a row (a product's skus) */
  below?: (row: Row) => ReactNode
}

export const toggled = (set: ReadonlySet<number>, id: number): ReadonlySet<number> => {
  const next = new Set(set)
  if (!next.delete(id)) next.add(id)
  return next
}

/** A back-office list's page as a table, one card per row on a phone; rows may be ticked for bulk actions. */
export function AdminTable<Row>({
  caption,
  className,
  rows,
  rowKey,
  columns,
  busy,
  empty,
  selection,
  rowClassName,
  below,
}: AdminTableProps<Row>) {
  const captionId = useId()
  if (rows.length === 0) {
    return (
      <p className="admin-notice" role="status">
        {empty}
      </p>
    )
  }
  const allChosen = selection ? rows.every((row) => selection.selected.has(selection.idOf(row))) : false

  return (
    <section className={`admin-table-wrap ${className}`} aria-labelledby={captionId} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={selection.className}>
                <input
                  type="checkbox"
                  checked={allChosen}
                  aria-label={selection.pageLabel}
                  onChange={() =>
                    selection.onSelect(allChosen ? new Set() : new Set(rows.map(selection.idOf)))
                  }
                />
              </th>
            )}
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
              <th key={index} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const chosen = selection?.selected.has(selection.idOf(row))
            return (
              <Fragment key={rowKey(row)}>
                <tr className={rowClassName} data-selected={chosen || undefined}>
                  {selection && (
                    <td className={selection.className}>
                      <input
                        type="checkbox"
                        checked={chosen}
                        aria-label={selection.rowLabel(row)}
                        onChange={() => selection.onSelect(toggled(selection.selected, selection.idOf(row)))}
                      />
                    </td>
                  )}
                  {columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
                    <td key={index} className={column.className} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {below?.(row)}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
