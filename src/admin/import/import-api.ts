import { queryOptions } from '@tanstack/react-query'
import { type CustomerImportResult, customerImportAnswer } from '../../contract/admin-customer-import'
import { importAnswer, importStarted } from '../../contract/admin-import'
import { apiV1 } from '../../lib/api'
import { adminRead, adminUpload } from '../admin-api'

/** The catalogue's CSV import and export (src/contract/admin-import.ts). */
export const importKeys = {
  all: ['admin', 'imports'] as const,
  one: (id: string) => ['admin', 'imports', id] as const,
}

/** An import's state, read again every half second while it runs. */
export const importQuery = (id: string) =>
  queryOptions({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) =>
      adminRead(`/admin/imports/${id}`, importAnswer, signal).then((answer) => answer.data),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 500 : false),
  })

/** Sends the CSV (and the ZIP of photos) to be checked or imported: the import's id. */
export async function startImport(csv: File, zip: File | null, dryRun: boolean): Promise<string> {
  const form = new FormData()
  form.append('file', csv)
  if (zip) form.append('images', zip)
  const answer = await adminUpload(`/admin/imports?dryRun=${dryRun}`, form, importStarted, 10 * 60_000)
  return answer.data.id
}

/** Saves a file the browser is given (the export, the error report, the template) under `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Reads a CSV the API writes (the export, an error report): it needs the api key and the staff cookie. */
export async function downloadCsv(path: string, name: string) {
  saveFile(await apiV1.url(path).get().blob(), name)
}

/** Sends a Shopify or WooCommerce customers or orders export to be checked or imported: what it found. */
export async function importCustomers(csv: File, dryRun: boolean): Promise<CustomerImportResult> {
  const form = new FormData()
  form.append('file', csv)
  const path = `/admin/customer-imports?dryRun=${dryRun}`
  return (await adminUpload(path, form, customerImportAnswer, 10 * 60_000)).data
}
