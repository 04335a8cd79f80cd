import type { ImportColumn } from '../../../src/contract/admin-import'
import type { CsvRecord } from '../catalogue-csv'
import { htmlToText } from './html-text'
import {
  complete,
  grams,
  headerIndex,
  madeSkuCode,
  type PhotoOrigin,
  pathLeaf,
  platformColumns,
  type SourceFormat,
  type SourceRow,
  stockCell,
} from './source'

/**
 * Shopify's product CSV, as its admin exports it: a product's rows share its handle, the first row carries
 * the product, every row a variant, and rows with only a photo add one. The columns of both the older
 * export (`Handle`, `Body (HTML)`, `Variant SKU`, …) and the current one (`URL handle`, `Description`, `SKU`,
 * …) are read. docs/catalogue-csv.md lists the mapping.
 */
const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description'],
  vendor: ['Vendor'],
  type: ['Type'],
  category: ['Product Category', 'Product category'],
  status: ['Status'],
  published: ['Published', 'Published on online store'],
  option1Name: ['Option1 Name'],
  option1Value: ['Option1 Value'],
  option2Name: ['Option2 Name'],
  option2Value: ['Option2 Value'],
  option3Name: ['Option3 Name'],
  option3Value: ['Option3 Value'],
  sku: ['Variant SKU', 'SKU'],
  grams: ['Variant Grams', 'Weight value (grams)'],
  stock: ['Variant Inventory Qty', 'Inventory quantity'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price'],
  image: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position', 'Image position'],
  variantImage: ['Variant Image', 'Variant image URL'],
  seoTitle: ['SEO Title', 'SEO title'],
  seoDescription: ['SEO Description', 'SEO description'],
} as const
type Field = keyof typeof COLUMNS

/** Which Shopify column an error about one of the catalogue's columns points at. */
const SOURCE_OF: Partial<Record<ImportColumn, Field>> = {
  product_slug: 'handle',
  name: 'title',
  description: 'body',
  category: 'type',
  brand: 'vendor',
  status: 'status',
  images: 'image',
  option1_name: 'option1Name',
  option1_value: 'option1Value',
  option2_name: 'option2Name',
  option2_value: 'option2Value',
  option3_name: 'option3Name',
  option3_value: 'option3Value',
  sku: 'sku',
  price: 'compareAt',
  discounted_price: 'price',
  stock: 'stock',
  weight_grams: 'grams',
  meta_title: 'seoTitle',
  meta_description: 'seoDescription',
}

/** Whether a header is Shopify's product export. */
export function isShopifyHeader(header: readonly string[]): boolean {
  const index = headerIndex(header)
  return Boolean(
    index.present(COLUMNS.handle) && index.present(COLUMNS.title) && index.present(COLUMNS.price),
  )
}

type Row = { row: number; cells: readonly string[] }

export function shopifyFormat(header: readonly string[]): SourceFormat {
  const { read, columnName, nameOf } = platformColumns(header, COLUMNS, SOURCE_OF)
  let group: { handle: string; rows: Row[] } | null = null

  /** a product's rows as the catalogue's rows, a variant each */
  const productRows = (handle: string, rows: readonly Row[]): SourceRow[] => {
    const first = rows.find((row) => read.title(row.cells)) ?? rows[0]
    if (!first) return []
    const at = (field: Field) => read[field](first.cells)
    const origins = new Map<string, PhotoOrigin>()
    const photos = rows
      .map((row, order) => ({
        src: read.image(row.cells),
        position: Number(read.imagePosition(row.cells)) || order,
        row: row.row,
      }))
      .filter((photo) => photo.src)
      .sort((a, b) => a.position - b.position)
      .map((photo) => {
        if (!origins.has(photo.src)) origins.set(photo.src, { row: photo.row, column: nameOf('image') })
        return photo.src
      })
    for (const row of rows) {
      const variantPhoto = read.variantImage(row.cells)
      if (!variantPhoto) continue
      photos.push(variantPhoto)
      if (!origins.has(variantPhoto))
        origins.set(variantPhoto, { row: row.row, column: nameOf('variantImage') })
    }
    const optionNames = [at('option1Name'), at('option2Name'), at('option3Name')]
    // a product without options is written as one option "Title" of value "Default Title"
    const noOptions = optionNames[0] === 'Title' && !optionNames[1]
    const statusText = at('status').toLowerCase()
    const published = at('published').toLowerCase()
    // an unlisted product is sold by its link alone: a draft until the shop lists it here
    const status =
      statusText === 'unlisted' ? 'draft' : statusText || (published === 'false' ? 'draft' : 'active')
    const product: Partial<CsvRecord> = {
      product_slug: handle,
      name: at('title'),
      description: htmlToText(at('body')),
      category: at('type') || pathLeaf(at('category')),
      brand: at('vendor'),
      status,
      images: [...new Set(photos)].join('|'),
      meta_title: at('seoTitle'),
      meta_description: at('seoDescription'),
    }
    const variants = rows.filter(
      (row) => read.sku(row.cells) || read.option1Value(row.cells) || read.price(row.cells),
    )
    return variants.map((row) => {
      const values = noOptions
        ? []
        : [read.option1Value(row.cells), read.option2Value(row.cells), read.option3Value(row.cells)]
      const price = read.price(row.cells)
      const compareAt = read.compareAt(row.cells)
      const discounted = compareAt !== '' && Number(compareAt) > Number(price)
      const record: Partial<CsvRecord> = {
        ...product,
        option1_name: noOptions ? '' : (optionNames[0] ?? ''),
        option1_value: values[0] ?? '',
        option2_name: values[1] ? (optionNames[1] ?? '') : '',
        option2_value: values[1] ?? '',
        option3_name: values[2] ? (optionNames[2] ?? '') : '',
        option3_value: values[2] ?? '',
        sku: read.sku(row.cells) || madeSkuCode(handle, values.filter(Boolean)),
        price: discounted ? compareAt : price,
        discounted_price: discounted ? price : '',
        stock: stockCell(read.stock(row.cells)),
        weight_grams: grams(read.grams(row.cells), 1),
      }
      return { row: row.row, record: complete(record), photos: origins }
    })
  }

  const close = (): SourceRow[] => {
    const done = group
    group = null
    return done ? productRows(done.handle, done.rows) : []
  }

  return {
    name: 'shopify',
    headerProblems: [],
    push(row, cells) {
      const handle = read.handle(cells)
      if (group && (handle === group.handle || handle === '')) {
        group.rows.push({ row, cells })
        return []
      }
      const done = close()
      group = { handle, rows: [{ row, cells }] }
      return done
    },
    end: close,
    columnName,
  }
}
