import { describe, expect, it } from 'vitest'
import {
  canIndent,
  type MenuPlace,
  type MenuRow,
  menuOfRows,
  moveToPlace,
  nestPlace,
  placesFor,
} from '../../src/admin/content/menu-rows'

/** A menu written as lines: a leading "-" is a submenu item; each row's key is its name. */
const rowsOf = (...lines: string[]): MenuRow[] =>
  lines.map((line) => {
    const name = line.replace(/^- /, '')
    const depth = line.startsWith('- ') ? 1 : 0
    return { key: name, name, type: 'custom', url: `/${name}`, depth }
  })
const linesOf = (rows: readonly MenuRow[]) => rows.map((row) => (row.depth === 1 ? `- ${row.key}` : row.key))
const at = (rows: readonly MenuRow[], name: string) => rows.findIndex((row) => row.key === name)

const top: MenuPlace = { parent: null, after: null }
const afterTop = (name: string): MenuPlace => ({ parent: null, after: name })
const into = (parent: string, name: string | null = null): MenuPlace => ({ parent, after: name })

// Men (Panjabi, Kurta), Women (Saree), Kids
const menu = rowsOf('Men', '- Panjabi', '- Kurta', 'Women', '- Saree', 'Kids')

describe('moving an item to a place in one step', () => {
  it.each([
    ['a submenu item to the top', 'Kurta', top, ['Kurta', 'Men', '- Panjabi', 'Women', '- Saree', 'Kids']],
    [
      'a submenu item after a top-level item',
      'Panjabi',
      afterTop('Women'),
      ['Men', '- Kurta', 'Women', '- Saree', 'Panjabi', 'Kids'],
    ],
    [
      'a submenu item after its own parent',
      'Panjabi',
      afterTop('Men'),
      ['Men', '- Kurta', 'Panjabi', 'Women', '- Saree', 'Kids'],
    ],
    [
      'a submenu item first into another submenu',
      'Kurta',
      into('Women'),
      ['Men', '- Panjabi', 'Women', '- Kurta', '- Saree', 'Kids'],
    ],
    [
      'a submenu item after an item of another submenu',
      'Panjabi',
      into('Women', 'Saree'),
      ['Men', '- Kurta', 'Women', '- Saree', '- Panjabi', 'Kids'],
    ],
    [
      'a submenu item within its own submenu',
      'Panjabi',
      into('Men', 'Kurta'),
      ['Men', '- Kurta', '- Panjabi', 'Women', '- Saree', 'Kids'],
    ],
    [
      'a top-level item into a submenu with none of its own',
      'Kids',
      into('Men', 'Panjabi'),
      ['Men', '- Panjabi', '- Kids', '- Kurta', 'Women', '- Saree'],
    ],
    ['a top-level item to the top', 'Kids', top, ['Kids', 'Men', '- Panjabi', '- Kurta', 'Women', '- Saree']],
    [
      'a top-level item with its submenu, which goes with it',
      'Men',
      afterTop('Kids'),
      ['Women', '- Saree', 'Kids', 'Men', '- Panjabi', '- Kurta'],
    ],
    [
      'a top-level item after one with a submenu: after the whole submenu',
      'Kids',
      afterTop('Men'),
      ['Men', '- Panjabi', '- Kurta', 'Kids', 'Women', '- Saree'],
    ],
  ])('moves %s', (_, name, place, expected) => {
    expect(linesOf(moveToPlace(menu, at(menu, name), place))).toEqual(expected)
  })

  it.each([
    ['an item with a submenu of its own into another submenu', 'Men', into('Women')],
    ['an item into a submenu item (a second level)', 'Kids', into('Panjabi')],
    ['an item after a top-level item as if it were in a submenu', 'Kids', into('Men', 'Saree')],
    ['an item after a submenu item as if it were top level', 'Kids', afterTop('Saree')],
    ['an item after an item that is gone', 'Kids', afterTop('Shoes')],
  ])('leaves the menu as it is for %s', (_, name, place) => {
    expect(linesOf(moveToPlace(menu, at(menu, name), place))).toEqual(linesOf(menu))
  })

  it('keeps the menu a menu: what is saved holds every item once', () => {
    const moved = menuOfRows(moveToPlace(menu, at(menu, 'Kurta'), top))
    expect(moved.map((item) => [item.name, item.submenu.map((child) => child.name)])).toEqual([
      ['Kurta', []],
      ['Men', ['Panjabi']],
      ['Women', ['Saree']],
      ['Kids', []],
    ])
  })
})

describe('the places an item is offered', () => {
  it('offers a submenu item every place but where it is, in reading order', () => {
    expect(placesFor(menu, at(menu, 'Kurta'))).toEqual([
      top,
      into('Men'),
      afterTop('Men'),
      into('Women'),
      into('Women', 'Saree'),
      afterTop('Women'),
      into('Kids'),
      afterTop('Kids'),
    ])
  })

  it('offers an item with a submenu of its own the top level only', () => {
    expect(placesFor(menu, at(menu, 'Women'))).toEqual([top, afterTop('Kids')])
    expect(placesFor(menu, at(menu, 'Men'))).toEqual([afterTop('Women'), afterTop('Kids')])
  })

  it('offers a top-level item without a submenu the submenus too, never its own', () => {
    expect(placesFor(menu, at(menu, 'Kids'))).toEqual([
      top,
      into('Men'),
      into('Men', 'Panjabi'),
      into('Men', 'Kurta'),
      afterTop('Men'),
      into('Women'),
      into('Women', 'Saree'),
    ])
  })

  it('every place offered moves the item, and keeps one level of submenus', () => {
    for (const [index] of menu.entries()) {
      for (const place of placesFor(menu, index)) {
        const moved = moveToPlace(menu, index, place)
        expect(linesOf(moved)).not.toEqual(linesOf(menu))
        expect(moved).toHaveLength(menu.length)
        expect(moved[0]?.depth).toBe(0)
      }
    }
  })
})

describe('nesting rules', () => {
  it('puts an item with a submenu of its own into no submenu, by the button or by dragging', () => {
    expect(canIndent(menu, at(menu, 'Women'))).toBe(false)
    expect(canIndent(menu, at(menu, 'Kids'))).toBe(true)
    expect(nestPlace(menu, at(menu, 'Women'), at(menu, 'Kids'))).toBeNull()
  })

  it('drops an item on a top-level item first into its submenu, on a submenu item just after it', () => {
    expect(nestPlace(menu, at(menu, 'Kids'), at(menu, 'Women'))).toEqual(into('Women'))
    expect(nestPlace(menu, at(menu, 'Kids'), at(menu, 'Panjabi'))).toEqual(into('Men', 'Panjabi'))
    expect(nestPlace(menu, at(menu, 'Kids'), at(menu, 'Kids'))).toBeNull()
  })
})
