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

/** where the row at `index` ends: after itself, and after its submenu when it is a top-level item */
function endOfBlock(rows: readonly MenuRow[], index: number): number {
  let end = index + 1
  if (rows[index]?.depth === 0) while (rows[end]?.depth === 1) end += 1
  return end
}

/** A top-level item with a submenu of its own: it cannot go into another item's submenu (one level only). */
export const hasSubmenu = (rows: readonly MenuRow[], index: number) =>
  rows[index]?.depth === 0 && rows[index + 1]?.depth === 1

export const canIndent = (rows: readonly MenuRow[], index: number) =>
  index > 0 && rows[index]?.depth === 0 && !hasSubmenu(rows, index)
export const canOutdent = (rows: readonly MenuRow[], index: number) => rows[index]?.depth === 1

export function setDepth(rows: readonly MenuRow[], index: number, depth: 0 | 1): MenuRow[] {
  return normalised(rows.map((row, at) => (at === index ? { ...row, depth } : row)))
}

/**
 * A place an item may be moved to: the top level (`parent` null) or a top-level item's submenu (`parent`, a
 * row's key), first there (`after` null) or after one of its items (`after`, a row's key).
 */
export type MenuPlace = { parent: string | null; after: string | null }

/**
 * `rows` with the row at `index` moved to `place`, its submenu with it when it has one (such an item stays
 * top level). A place that does not exist, or that breaks the one level of submenus, leaves the rows as they are.
 */
export function moveToPlace(rows: readonly MenuRow[], index: number, place: MenuPlace): MenuRow[] {
  const end = endOfBlock(rows, index)
  const block = rows.slice(index, end)
  const rest = [...rows.slice(0, index), ...rows.slice(end)]
  const [row] = block
  if (!row) return [...rows]
  const find = (key: string | null) => (key === null ? -1 : rest.findIndex((other) => other.key === key))
  let at = 0
  if (place.parent === null) {
    const after = find(place.after)
    if (place.after !== null && rest[after]?.depth !== 0) return [...rows]
    if (place.after !== null) at = endOfBlock(rest, after)
  } else {
    const parent = find(place.parent)
    if (block.length > 1 || rest[parent]?.depth !== 0) return [...rows]
    const after = place.after === null ? parent : find(place.after)
    if (after < parent || after >= endOfBlock(rest, parent)) return [...rows]
    at = after + 1
  }
  const moved = [{ ...row, depth: place.parent === null ? 0 : 1 } as MenuRow, ...block.slice(1)]
  return normalised([...rest.slice(0, at), ...moved, ...rest.slice(at)])
}

const sameOrder = (a: readonly MenuRow[], b: readonly MenuRow[]) =>
  a.every((row, at) => row.key === b[at]?.key && row.depth === b[at]?.depth)

/**
 * Every place the row at `index` may be moved to, in the menu's reading order, leaving out where it is now:
 * the top of the menu, then for each other top-level item its submenu (first, after each of its items) and
 * after it. An item with a submenu of its own is offered the top level only.
 */
export function placesFor(rows: readonly MenuRow[], index: number): MenuPlace[] {
  const end = endOfBlock(rows, index)
  if (!rows[index]) return []
  const nests = end === index + 1
  const places: MenuPlace[] = [{ parent: null, after: null }]
  let parent: string | null = null
  for (const [at, other] of rows.entries()) {
    if (at >= index && at < end) continue
    if (other.depth === 0) {
      parent = other.key
      if (nests) places.push({ parent, after: null })
    } else if (nests && parent !== null) places.push({ parent, after: other.key })
    // after a top-level item: once its submenu's places are listed
    const next = rows.findIndex((_, after) => after > at && (after < index || after >= end))
    if (rows[next]?.depth !== 1 && parent !== null) places.push({ parent: null, after: parent })
  }
  return places.filter((place) => !sameOrder(moveToPlace(rows, index, place), rows))
}

/**
 * Where a row dropped on the row at `target`'s submenu side goes: first in its submenu when `target` is top
 * level, after it in the same submenu when it is a submenu item. Null when the dragged row cannot go there.
 */
export function nestPlace(rows: readonly MenuRow[], from: number, target: number): MenuPlace | null {
  const row = rows[target]
  if (!row || from === target || hasSubmenu(rows, from)) return null
  if (row.depth === 0) return { parent: row.key, after: null }
  const parent = rows.slice(0, target).findLast((other) => other.depth === 0)
  return parent ? { parent: parent.key, after: row.key } : null
}
