// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ImportPage } from '../../src/admin/import/import-page'
import { ImportResult } from '../../src/admin/import/import-result'
import type { ImportState } from '../../src/contract/admin-import'
import type { StaffMember } from '../../src/contract/staff'

const finished: ImportState = {
  id: '7d1e3a52-8a4c-4b8e-9d57-2f0c3c1f6a10',
  fileName: 'catalogue.csv',
  dryRun: false,
  status: 'done',
  rowsRead: 500,
  bytesRead: 1000,
  bytesTotal: 1000,
  created: 497,
  updated: 0,
  unchanged: 0,
  failed: 3,
  errorCount: 3,
  errors: [
    { row: 12, sku: 'A-12', field: 'price', message: 'Write an amount in taka with at most two decimals' },
    { row: 140, sku: 'A-140', field: 'category', message: 'No category has the slug or name nowhere' },
    { row: 377, sku: 'A-1', field: 'sku', message: 'This sku code is already on an earlier row' },
  ],
  drafts: 0,
  warningCount: 0,
  warnings: [],
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:00:05.000Z',
}

afterEach(() => vi.unstubAllGlobals())

describe('the result of an import', () => {
  it('shows the counts and every refused row with its number', () => {
    render(<ImportResult state={finished} />)
    expect(screen.getByRole('heading', { name: 'Import finished' })).toBeTruthy()
    const counts = screen.getAllByRole('definition').map((item) => item.textContent)
    expect(counts).toEqual(['497', '0', '0', '3'])
    const table = screen.getByRole('table', { name: 'Refused rows' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['12', '140', '377'])
    expect(screen.getByRole('button', { name: 'Download the report (CSV)' })).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Photos left out' })).toBeNull()
  })

  it('shows the photos left out apart from the refused rows, with their addresses and the drafts', () => {
    const address = 'https://cdn.example.com/files/kurti-front.jpg'
    render(
      <ImportResult
        state={{
          ...finished,
          failed: 0,
          errorCount: 0,
          errors: [],
          drafts: 1,
          warningCount: 2,
          warnings: [
            {
              row: 4,
              sku: 'K-1-S',
              field: 'Image Src',
              address,
              message: 'The address answered 404 instead of a photo',
            },
            {
              row: 6,
              sku: 'K-1-S',
              field: 'Variant Image',
              address: `${address}?v=2`,
              message: 'No photo came within 20 seconds',
            },
          ],
        }}
      />,
    )
    const counts = screen
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`)
    expect(counts).toContain('Drafts: photo missing: 1')
    expect(screen.getByRole('heading', { name: '2 photos left out' })).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Refused rows' })).toBeNull()
    const table = screen.getByRole('table', { name: 'Photos left out' })
    const [first] = within(table).getAllByRole('row').slice(1)
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', 'K-1-S', 'Image Src', address, 'The address answered 404 instead of a photo'])
    expect(screen.getByRole('button', { name: 'Download the report (CSV)' })).toBeTruthy()
  })

  it('says a check saved nothing, and shows no table without errors', () => {
    render(<ImportResult state={{ ...finished, dryRun: true, failed: 0, errorCount: 0, errors: [] }} />)
    expect(screen.getByRole('heading', { name: 'Check finished: nothing was saved' })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says when only the first errors are shown', () => {
    render(<ImportResult state={{ ...finished, errorCount: 900 }} />)
    expect(screen.getByText('The first 3 are shown here; the report has them all.')).toBeTruthy()
  })

  it('says how many errors past the first 1,000 neither the page nor the report lists', () => {
    render(<ImportResult state={{ ...finished, errorCount: 10_000 }} />)
    expect(
      screen.getByText(
        'The first 3 are shown here and the report lists the first 1000; 9000 more are not listed: correct these, then check the file again.',
      ),
    ).toBeTruthy()
  })

  it('says a file it could not read stopped', () => {
    render(<ImportResult state={{ ...finished, status: 'failed' }} />)
    expect(screen.getByRole('heading', { name: 'The file could not be read' })).toBeTruthy()
  })
})

const owner: StaffMember = {
  id: 1,
  phone: '01700000001',
  firstName: 'Owner',
  lastName: '',
  role: 'owner',
} as unknown as StaffMember

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <ImportPage staff={owner} search={{}} rest="" />
    </QueryClientProvider>,
  )
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('the import page', () => {
  it('asks for the CSV before checking', () => {
    renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }))
    expect(screen.getByRole('alert').textContent).toBe('Choose the CSV file first.')
  })

  it('checks a file, shows its progress, then its result', async () => {
    const running = {
      ...finished,
      dryRun: true,
      status: 'running',
      rowsRead: 200,
      bytesRead: 400,
      errors: [],
    }
    const answers = [
      json(202, { data: { id: finished.id } }),
      json(200, { data: running }),
      json(200, { data: { ...finished, dryRun: true } }),
    ]
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input instanceof Request ? input.url : input)}`)
        return answers.shift() ?? json(200, { data: { ...finished, dryRun: true } })
      }),
    )
    renderPage()
    const file = new File(['product_slug\n'], 'catalogue.csv', { type: 'text/csv' })
    fireEvent.change(screen.getByLabelText('CSV file (one row per SKU)'), { target: { files: [file] } })
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }))
    const progress = await screen.findByRole('progressbar', { name: 'Import progress' })
    await waitFor(() => expect(progress.getAttribute('value')).toBe('400'))
    const catalogue = screen.getByRole('region', { name: 'Import a file' })
    expect(within(catalogue).getByRole('status').textContent).toBe('Reading… 200 rows so far')
    await screen.findByRole('heading', { name: 'Check finished: nothing was saved' }, { timeout: 3000 })
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(calls[0]).toMatch(/POST .*\/admin\/imports\?dryRun=true$/)
  })
})
