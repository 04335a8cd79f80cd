import type { ImportColumn } from '../../../src/contract/admin-import'
import { slugify } from '../../../src/contract/admin-product'
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
 * WooCommerce's product CSV, as its exporter writes it: a simple product is a row; a variable product is a
 * row of its own followed, anywhere in the file, by a row per variation naming it in `Parent` (`id:123` or
 * its SKU). Grouped and external products are not sold by the shop itself and are not imported.
 * docs/catalogue-csv.md lists the mapping.
 */
const COLUMNS = {
  id: ['ID'],
  type: ['Type'],
  sku: ['SKU'],
  name: ['Name'],
  published: ['Published'],
  shortDescription: ['Short description'],
  description: ['Description'],
  stock: ['Stock'],
  weightKg: ['Weight (kg)'],
  weightGrams: ['Weight (g)'],
  salePrice: ['Sale price'],
  regularPrice: ['Regular price'],
  categories: ['Categories'],
  brands: ['Brands', 'Brand'],
  images: ['Images'],
  parent: ['Parent'],
  attribute1Name: ['Attribute 1 name'],
  attribute1Value: ['Attribute 1 value(s)'],
  attribute2Name: ['Attribute 2 name'],
  attribute2Value: ['Attribute 2 value(s)'],
  attribute3Name: ['Attribute 3 name'],
  attribute3Value: ['Attribute 3 value(s)'],
  attribute4Name: ['Attribute 4 name'],
} as const
type Field = keyof typeof COLUMNS

const SOURCE_OF: Partial<Record<ImportColumn, Field>> = {
  product_slug: 'name',
  name: 'name',
  short_description: 'shortDescription',
  description: 'description',
  category: 'categories',
  brand: 'brands',
  status: 'published',
  images: 'images',
  option1_name: 'attribute1Name',
  option1_value: 'attribute1Value',
  option2_name: 'attribute2Name',
  option2_value: 'attribute2Value',
  option3_name: 'attribute3Name',
  option3_value: 'attribute3Value',
  sku: 'sku',
  price: 'regularPrice',
  discounted_price: 'salePrice',
  stock: 'stock',
  weight_grams: 'weightKg',
}

/** Whether a header is WooCommerce's product export. */
export function isWooCommerceHeader(header: readonly string[]): boolean {
  const index = headerIndex(header)
  return Boolean(
    index.present(COLUMNS.type) &&
      index.present(COLUMNS.regularPrice) &&
      (index.present(COLUMNS.parent) || index.present(COLUMNS.attribute1Name)),
  )
}

/** A product's handle from its name: a name with no Latin letters or digits takes its WooCommerce ID. */
export const slugOfName = (name: string, id: string) =>
  slugify(name) || `product-${id.replace(/\D/g, '') || '0'}`

type Variation = { row: number; cells: readonly string[] }
type Parent = { row: number; cells: readonly string[]; variations: Variation[] }

export function wooCommerceFormat(header: readonly string[]): SourceFormat {
  const { read, columnName, has, nameOf } = platformColumns(header, COLUMNS, SOURCE_OF)
  const perUnit = has('weightKg') ? 1000 : 1
  const weightOf = (cells: readonly string[]) =>
    grams(perUnit === 1000 ? read.weightKg(cells) : read.weightGrams(cells), perUnit)
  /** variable products by `id:<ID>` and by SKU, in the file's order; variations met before their product */
  const parents = new Map<string, Parent>()
  const ordered: Parent[] = []
  const waiting = new Map<string, Variation[]>()

  const statusOf = (cells: readonly string[]) => (read.published(cells) === '1' ? 'active' : 'draft')
  const photosOf = (cells: readonly string[]) =>
    read
      .images(cells)
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean)

  /** each product's handle, made unique: two products of the same name get the second one's ID added */
  const handles = new Map<string, string>()
  const used = new Set<string>()
  const handleOf = (cells: readonly string[]) => {
    const key = read.id(cells) || read.sku(cells) || read.name(cells)
    const known = handles.get(key)
    if (known) return known
    const made = slugOfName(read.name(cells), read.id(cells))
    const handle = used.has(made) ? `${made}-${read.id(cells).replace(/\D/g, '') || handles.size + 1}` : made
    handles.set(key, handle)
    used.add(handle)
    return handle
  }

  /** where each photo of a product (its row, then its variations') is written */
  const photoOrigins = (rows: readonly { row: number; cells: readonly string[] }[]) => {
    const origins = new Map<string, PhotoOrigin>()
    for (const { row, cells } of rows) {
      for (const url of photosOf(cells)) {
        if (!origins.has(url)) origins.set(url, { row, column: nameOf('images') })
      }
    }
    return origins
  }

  const productCells = (
    cells: readonly string[],
    extraPhotos: readonly string[] = [],
  ): Partial<CsvRecord> => {
    const name = read.name(cells)
    return {
      product_slug: handleOf(cells),
      name,
      short_description: htmlToText(read.shortDescription(cells)).replace(/\s*\n\s*/g, ' '),
      description: htmlToText(read.description(cells)),
      category: pathLeaf(read.categories(cells).split(',')[0] ?? ''),
      brand: (read.brands(cells).split(',')[0] ?? '').trim(),
      status: statusOf(cells),
      images: [...new Set([...photosOf(cells), ...extraPhotos])].join('|'),
    }
  }

  const prices = (cells: readonly string[]): Partial<CsvRecord> => {
    const regular = read.regularPrice(cells)
    const sale = read.salePrice(cells)
    return {
      price: regular || sale,
      discounted_price: regular && sale ? sale : '',
      stock: stockCell(read.stock(cells)),
      weight_grams: weightOf(cells),
    }
  }

  const variableRows = (parent: Parent): SourceRow[] => {
    const extraPhotos = parent.variations.flatMap((variation) => photosOf(variation.cells))
    const product = productCells(parent.cells, extraPhotos)
    const photos = photoOrigins([parent, ...parent.variations])
    const slug = product.product_slug ?? ''
    if (parent.variations.length === 0) {
      const refused = { column: 'Type', message: "The file has none of this product's variations" }
      return [{ row: parent.row, record: complete({ ...product, sku: read.sku(parent.cells) }), refused }]
    }
    return parent.variations.map(({ row, cells }) => {
      const names = [read.attribute1Name(cells), read.attribute2Name(cells), read.attribute3Name(cells)]
      const values = [read.attribute1Value(cells), read.attribute2Value(cells), read.attribute3Value(cells)]
      // a fourth attribute is refused by the catalogue's own check: it names an option with no value
      const fourth = read.attribute4Name(cells)
      const record: Partial<CsvRecord> = {
        ...product,
        option1_name: names[0] ?? '',
        option1_value: values[0] ?? '',
        option2_name: names[1] ?? '',
        option2_value: values[1] ?? '',
        option3_name: names[2] || fourth,
        option3_value: names[2] ? (values[2] ?? '') : '',
        sku: read.sku(cells) || madeSkuCode(slug, values.filter(Boolean)),
        ...prices(cells),
      }
      return { row, record: complete(record), photos }
    })
  }

  return {
    name: 'woocommerce',
    headerProblems: [],
    push(row, cells) {
      const type = read.type(cells).toLowerCase()
      if (type.includes('variation')) {
        const parentKey = read.parent(cells)
        const parent = parents.get(parentKey)
        if (parent) parent.variations.push({ row, cells })
        else waiting.set(parentKey, [...(waiting.get(parentKey) ?? []), { row, cells }])
        return []
      }
      if (type.includes('variable')) {
        const parent: Parent = { row, cells, variations: [] }
        for (const key of [`id:${read.id(cells)}`, read.sku(cells)]) {
          if (!key || key === 'id:') continue
          parents.set(key, parent)
          parent.variations.push(...(waiting.get(key) ?? []))
          waiting.delete(key)
        }
        ordered.push(parent)
        return []
      }
      const product = productCells(cells)
      if (!type.includes('simple')) {
        // a grouped or external product: the shop sells none of it itself
        const refused = { column: 'Type', message: 'Only simple and variable products are imported' }
        return [{ row, record: complete({ ...product, sku: read.sku(cells) }), refused }]
      }
      const record = complete({
        ...product,
        sku: read.sku(cells) || madeSkuCode(product.product_slug ?? '', []),
        ...prices(cells),
      })
      return [{ row, record, photos: photoOrigins([{ row, cells }]) }]
    },
    end() {
      const rows = ordered.flatMap(variableRows)
      // variations whose product the file does not have
      for (const variations of waiting.values()) {
        for (const { row, cells } of variations) {
          const refused = { column: 'Parent', message: "The file does not have this variation's product" }
          rows.push({ row, record: complete({ ...productCells(cells), sku: read.sku(cells) }), refused })
        }
      }
      waiting.clear()
      return rows
    },
    columnName,
  }
}
