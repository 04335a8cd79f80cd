// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createEvent, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { menuOfRows, moveRow, rowsOfMenu, setDepth } from '../../src/admin/content/menu-rows'
import { MenuEditor } from '../../src/admin/content/menus-page'
import { PageEditor } from '../../src/admin/content/page-editor'
import type { MenuEditItem } from '../../src/contract/admin-content'

afterEach(() => vi.unstubAllGlobals())

const child = (name: string): MenuEditItem['submenu'][number] => ({
  name,
  type: 'custom',
  url: `/${name.toLowerCase()}`,
  submenu: [],
})
const item = (name: string, submenu: MenuEditItem['submenu'] = []): MenuEditItem => ({
  ...child(name),
  submenu,
})
const menu = [item('Men', [child('Panjabi')]), item('Women'), item('Kids')]

/** Answers the API's calls from a table of path → body; records what was sent. */
function fakeApi(answers: Record<string, (body: unknown) => unknown>) {
  const sent: { path: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://shop.test')
      const path = url.pathname.replace('/api/v1', '')
      const raw = input instanceof Request ? await input.text() : init.body
      const body = typeof raw === 'string' && raw ? JSON.parse(raw) : undefined
      sent.push({ path, body })
      const answer = answers[path]
      return new Response(JSON.stringify(answer ? answer(body) : { error: { path: ['unknown'] } }), {
        status: answer ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return sent
}

const withQueries = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
)

describe('a menu as rows', () => {
  it('reads back the same menu, submenus included', () => {
    expect(menuOfRows(rowsOfMenu(menu))).toEqual(menu)
  })

  it('nests a row under the item above it, and lifts it out again', () => {
    const rows = rowsOfMenu(menu)
    const nested = menuOfRows(setDepth(rows, 2, 1))
    expect(nested.map((entry) => entry.name)).toEqual(['Men', 'Kids'])
    expect(nested[0]?.submenu.map((entry) => entry.name)).toEqual(['Panjabi', 'Women'])
    const lifted = menuOfRows(setDepth(rows, 1, 0))
    expect(lifted.map((entry) => entry.name)).toEqual(['Men', 'Panjabi', 'Women', 'Kids'])
  })

  it('never leaves a submenu item first', () => {
    const moved = moveRow(rowsOfMenu(menu), 1, 0)
    expect(moved[0]).toMatchObject({ name: 'Panjabi', depth: 0 })
  })
})

describe('the menu editor', () => {
  it('moves an item by keyboard, announces it, and saves the new order with the loaded version', async () => {
    const sent = fakeApi({
      '/admin/menus/main_menu': (body) => ({
        data: { name: 'main_menu', version: '2', ...(body as object) },
      }),
      '/admin/catalogue-refs': () => ({
        data: { categories: [], brands: [], campaigns: [], defaultVatPercent: 0 },
      }),
    })
    render(withQueries(<MenuEditor name="main_menu" loaded={{ name: 'main_menu', version: '1', menu }} />))
    const up = screen.getByRole('button', { name: 'Move up Kids' })
    up.focus()
    fireEvent.click(up)
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Kids moved to position 3 of 4.')
    expect(screen.getByRole('button', { name: 'Move up Kids' })).toBe(document.activeElement)
    expect(screen.getByRole('button', { name: 'Move down Men' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save the menu' }))
    await waitFor(() => expect(screen.getAllByRole('status')[0]?.textContent).toContain('The menu is saved'))
    const saved = sent.find((call) => call.path === '/admin/menus/main_menu')?.body as {
      version: string
      menu: MenuEditItem[]
    }
    expect(saved.version).toBe('1')
    expect(saved.menu.map((entry) => entry.name)).toEqual(['Men', 'Kids', 'Women'])
    expect(saved.menu[0]?.submenu.map((entry) => entry.name)).toEqual(['Panjabi'])
  })

  it('moves a submenu item to the top in one step, announces where, and saves it there', async () => {
    const sent = fakeApi({
      '/admin/menus/main_menu': (body) => ({
        data: { name: 'main_menu', version: '2', ...(body as object) },
      }),
      '/admin/catalogue-refs': () => ({
        data: { categories: [], brands: [], campaigns: [], defaultVatPercent: 0 },
      }),
    })
    render(withQueries(<MenuEditor name="main_menu" loaded={{ name: 'main_menu', version: '1', menu }} />))
    const where = screen.getByLabelText('Panjabi: Move to') as HTMLSelectElement
    expect([...where.options].map((option) => option.text)).toEqual([
      'Choose a place',
      'Top of the menu',
      'After Men',
      "Into Women's submenu (first)",
      'After Women',
      "Into Kids's submenu (first)",
      'After Kids',
    ])
    const move = screen.getByRole('button', { name: 'Move Panjabi' }) as HTMLButtonElement
    expect(move.disabled).toBe(true)
    fireEvent.change(where, { target: { value: where.options[1]?.value } })
    fireEvent.click(move)
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Panjabi moved: Top of the menu.')
    fireEvent.click(screen.getByRole('button', { name: 'Save the menu' }))
    await waitFor(() => expect(screen.getAllByRole('status')[0]?.textContent).toContain('The menu is saved'))
    const saved = sent.find((call) => call.path === '/admin/menus/main_menu')?.body as {
      menu: MenuEditItem[]
    }
    expect(saved.menu.map((entry) => [entry.name, entry.submenu.length])).toEqual([
      ['Panjabi', 0],
      ['Men', 0],
      ['Women', 0],
      ['Kids', 0],
    ])
  })

  it("drops a dragged item on another item's right half into that item's submenu", () => {
    fakeApi({
      '/admin/catalogue-refs': () => ({
        data: { categories: [], brands: [], campaigns: [], defaultVatPercent: 0 },
      }),
    })
    const { container } = render(
      withQueries(<MenuEditor name="main_menu" loaded={{ name: 'main_menu', version: '1', menu }} />),
    )
    const rows = () => [...container.querySelectorAll<HTMLElement>('.content-row')]
    const carried = new Map<string, string>()
    const dataTransfer = {
      effectAllowed: '',
      setData: (type: string, value: string) => carried.set(type, value),
      getData: (type: string) => carried.get(type) ?? '',
    }
    const [, , women, kids] = rows()
    if (!women || !kids) throw new Error('the menu has four rows')
    // the row's box is 200 wide: 150 is its right half
    women.getBoundingClientRect = () => new DOMRect(0, 0, 200, 40)
    // jsdom has no DragEvent: the pointer's place is given to the plain event it makes
    const at150 = (event: Event) => Object.defineProperty(event, 'clientX', { value: 150 })
    fireEvent.dragStart(kids, { dataTransfer })
    fireEvent(women, at150(createEvent.dragOver(women, { dataTransfer })))
    expect(women.dataset.drop).toBe('into')
    expect(women.textContent).toContain("Drop into Women's submenu")
    fireEvent(women, at150(createEvent.drop(women, { dataTransfer })))
    expect(screen.getAllByRole('status')[0]?.textContent).toBe("Kids moved: Into Women's submenu (first).")
    expect(rows().map((row) => [row.querySelector('input')?.value, row.dataset.depth])).toEqual([
      ['Men', '0'],
      ['Panjabi', '1'],
      ['Women', '0'],
      ['Kids', '1'],
    ])
  })

  it('shows who changed the menu first when the save is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input)
        if (url.includes('catalogue-refs'))
          return Response.json({ data: { categories: [], brands: [], campaigns: [], defaultVatPercent: 0 } })
        return Response.json(
          {
            error: { version: ['Changed by Karim at 14:05'] },
            conflict: { by: 'Karim', at: '2026-11-25T08:05:00Z' },
          },
          { status: 409 },
        )
      }),
    )
    render(withQueries(<MenuEditor name="main_menu" loaded={{ name: 'main_menu', version: '1', menu }} />))
    fireEvent.click(screen.getByRole('button', { name: 'Save the menu' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Changed by Karim at 14:05')
  })
})

describe('the page editor', () => {
  it('previews the Markdown as the server renders it for shoppers', async () => {
    const sent = fakeApi({
      '/admin/pages/preview': (body) => ({
        data: {
          html: `<p>${String((body as { markdown: string }).markdown).replace(/\*\*(.+)\*\*/, '<strong>$1</strong>')}</p>`,
        },
      }),
    })
    render(withQueries(<PageEditor />))
    fireEvent.change(screen.getByLabelText('Text in English (Markdown)'), {
      target: { value: 'Measure **twice**' },
    })
    const preview = screen.getByRole('region', { name: 'Preview in English' })
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('twice'))
    expect(sent.some((call) => (call.body as { markdown?: string })?.markdown === 'Measure **twice**')).toBe(
      true,
    )
  })
})
