import { queryOptions } from '@tanstack/react-query'
import { IMPORT_COLUMNS, importAnswer, importStarted } from '../../contract/admin-import'
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

const example: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  product_slug: 'cotton-panjabi',
  name: 'Cotton panjabi',
  name_bn: 'সুতি পাঞ্জাবি',
  short_description: 'Soft cotton for every day',
  short_description_bn: 'প্রতিদিনের আরামদায়ক সুতি',
  description: 'Hand-finished cotton panjabi.',
  description_bn: 'হাতে ফিনিশ করা সুতি পাঞ্জাবি।',
  category: 'panjabi',
  brand: 'haat',
  status: 'draft',
  campaigns: '',
  images: 'panjabi-front.jpg|panjabi-back.jpg',
  option1_name: 'Size',
  option1_value: 'M',
  option2_name: 'Colour',
  option2_value: 'White',
  option3_name: '',
  option3_value: '',
  sku: 'PANJABI-WHITE-M',
  price: '2500',
  discounted_price: '2200',
  vat: '5',
  stock: '10',
  weight_grams: '400',
  meta_title: '',
  meta_description: '',
}

/** The format's header and one example row, as a spreadsheet opens it (with a BOM for Excel). */
export function templateCsv(): Blob {
  const line = (cells: readonly string[]) => `${cells.join(',')}\r\n`
  return new Blob([`\uFEFF${line(IMPORT_COLUMNS)}${line(IMPORT_COLUMNS.map((column) => example[column]))}`], {
    type: 'text/csv;charset=utf-8',
  })
}
