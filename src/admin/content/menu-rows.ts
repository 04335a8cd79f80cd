import type { MenuEditItem } from '../../contract/admin-content'

/**
 * A menu as the editor holds it: one row per item, top level (depth 0) or in the submenu of the nearest
 * top-level row above it (depth 1). Moving, indenting and outdenting are then moves in one list.
 */
export type MenuRow = Omit<MenuEditItem, 'submenu'> & { key: string; depth: 0 | 1 }

let nextKey = 0
export const rowKey = () => `row-${++nextKey}`

export function rowsOfMenu(menu: readonly MenuEditItem[]): MenuRow[] {
  return menu.flatMap(({ submenu, ...item }) => [
    { ...item, key: rowKey(), depth: 0 as const },
    ...submenu.map(({ submenu: _, ...child }) => ({ ...child, key: rowKey(), depth: 1 as const })),
  ])
}

export function menuOfRows(rows: readonly MenuRow[]): MenuEditItem[] {
  const menu: MenuEditItem[] = []
  for (const { key: _, depth, ...item } of rows) {
    const parent = menu.at(-1)
    const clean = { ...item, nameBn: item.nameBn?.trim() ? item.nameBn : undefined }
    if (depth === 1 && parent) parent.submenu.push({ ...clean, submenu: [] })
    else menu.push({ ...clean, submenu: [] })
  }
  return menu
}

/** The first row can only be top level. */
const normalised = (rows: MenuRow[]): MenuRow[] =>
  rows.map((row, index) => (index === 0 && row.depth === 1 ? { ...row, depth: 0 } : row))

/** `rows` with the row at `from` moved to `to` (both indexes of the list before the move). */
export function moveRow(rows: readonly MenuRow[], from: number, to: number): MenuRow[] {
  if (from === to || to < 0 || to >= rows.length || !rows[from]) return [...rows]
  const next = [...rows]
  const [row] = next.splice(from, 1)
  next.splice(to, 0, row as MenuRow)
  return normalised(next)
}

export const canIndent = (rows: readonly MenuRow[], index: number) => index > 0 && rows[index]?.depth === 0
export const canOutdent = (rows: readonly MenuRow[], index: number) => rows[index]?.depth === 1

export function setDepth(rows: readonly MenuRow[], index: number, depth: 0 | 1): MenuRow[] {
  return normalised(rows.map((row, at) => (at === index ? { ...row, depth } : row)))
}
