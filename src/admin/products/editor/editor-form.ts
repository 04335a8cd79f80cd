import {
  type AdminProduct,
  type AdminProductBody,
  optionCombinations,
  type ProductImage,
  type ProductOption,
  type ProductStatus,
  slugify,
  valuesKey,
} from '../../../contract/admin-product'

/** The figures of a sku as typed (inputs keep text until the save). */
export const SKU_FIGURES = ['price', 'discountedPrice', 'vat', 'stockQuantity', 'weightGrams'] as const
export type SkuFigure = (typeof SKU_FIGURES)[number]

export type SkuRow = {
  /** the server's id, for a sku that exists */
  id?: number
  /** '' until typed or saved: the save makes one (server/domain/sku-codes.ts) */
  sku: string
  /** the code was typed, or came from the server */
  skuEdited: boolean
  values: Record<string, string>
} & Record<SkuFigure, string>

/** Everything the editor edits, as its inputs hold it. */
export type EditorForm = {
  slug: string
  /** the slug was typed (or saved): it no longer follows the name */
  slugEdited: boolean
  name: string
  nameBn: string
  shortDescription: string
  shortDescriptionBn: string
  longDescription: string
  longDescriptionBn: string
  categoryId: string
  brandId: string
  campaignIds: number[]
  status: ProductStatus
  images: ProductImage[]
  options: ProductOption[]
  skus: SkuRow[]
  metaTitle: string
  metaDescription: string
}

const blankFigures: Record<SkuFigure, string> = {
  price: '',
  discountedPrice: '',
  vat: '0',
  stockQuantity: '0',
  weightGrams: '0',
}

/** A new product's form: one sku row, with the shop's VAT for new products. */
export function emptyForm(vatPercent = 0): EditorForm {
  return {
    slug: '',
    slugEdited: false,
    name: '',
    nameBn: '',
    shortDescription: '',
    shortDescriptionBn: '',
    longDescription: '',
    longDescriptionBn: '',
    categoryId: '',
    brandId: '',
    campaignIds: [],
    status: 'draft',
    images: [],
    options: [],
    skus: [{ sku: '', skuEdited: false, values: {}, ...blankFigures, vat: String(vatPercent) }],
    metaTitle: '',
    metaDescription: '',
  }
}

export function formOf(product: AdminProduct): EditorForm {
  return {
    slug: product.slug,
    slugEdited: true,
    name: product.name,
    nameBn: product.nameBn,
    shortDescription: product.shortDescription,
    shortDescriptionBn: product.shortDescriptionBn,
    longDescription: product.longDescription,
    longDescriptionBn: product.longDescriptionBn,
    categoryId: String(product.categoryId),
    brandId: String(product.brandId),
    campaignIds: product.campaignIds,
    status: product.status,
    images: product.images,
    options: product.options,
    skus: product.skus.map((sku) => ({
      id: sku.id,
      sku: sku.sku,
      skuEdited: true,
      values: sku.values,
      price: String(sku.price),
      discountedPrice: String(sku.discountedPrice),
      vat: String(sku.vat),
      stockQuantity: String(sku.stockQuantity),
      weightGrams: String(sku.weightGrams),
    })),
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
  }
}

/** A typed figure as the API takes it; what is not a number goes as -1, which the server names. */
const numberOf = (text: string) => {
  const value = Number(text.trim().replace(/,/g, ''))
  return text.trim() === '' || Number.isNaN(value) ? -1 : value
}

export function bodyOf(form: EditorForm): AdminProductBody {
  return {
    slug: form.slug,
    name: form.name,
    nameBn: form.nameBn,
    shortDescription: form.shortDescription,
    shortDescriptionBn: form.shortDescriptionBn,
    longDescription: form.longDescription,
    longDescriptionBn: form.longDescriptionBn,
    categoryId: Number(form.categoryId) || 0,
    brandId: Number(form.brandId) || 0,
    campaignIds: form.campaignIds,
    status: form.status,
    images: form.images,
    options: form.options,
    skus: form.skus.map(({ skuEdited: _edited, id, ...sku }) => ({
      ...(id === undefined ? {} : { id }),
      sku: sku.sku,
      values: sku.values,
      price: numberOf(sku.price),
      discountedPrice: numberOf(sku.discountedPrice),
      vat: numberOf(sku.vat),
      stockQuantity: numberOf(sku.stockQuantity),
      weightGrams: numberOf(sku.weightGrams),
    })),
    metaTitle: form.metaTitle,
    metaDescription: form.metaDescription,
  }
}

/** The name typed: the slug follows it until the slug is typed by hand. */
export function withName(form: EditorForm, name: string): EditorForm {
  const next = { ...form, name }
  return form.slugEdited ? next : withSlug(next, slugify(name), false)
}

export function withSlug(form: EditorForm, slug: string, edited = true): EditorForm {
  return { ...form, slug, slugEdited: edited }
}

/** Whether `part`'s values agree with `whole`'s on every option both have. */
const agrees = (part: Record<string, string>, whole: Record<string, string>) =>
  Object.entries(part).every(([name, value]) => whole[name] === undefined || whole[name] === value)

/**
 * The sku matrix for new options: one row per combination of values. A combination that had a row keeps
 * it; a new one takes the figures of the row it grew from (an option added, a value renamed) or of the
 * first row, and the first row made from an old sku keeps that sku (its id, its orders). A new row has no
 * code until one is typed or the save makes it.
 */
export function matrixFor(options: ProductOption[], rows: SkuRow[]): SkuRow[] {
  const usable = options.filter((option) => option.name.trim() && option.values.length > 0)
  const byKey = new Map(rows.map((row) => [valuesKey(row.values), row]))
  const taken = new Set<SkuRow>()
  const combinations = optionCombinations(usable)
  const same = combinations.map((values) => byKey.get(valuesKey(values)))
  for (const row of same) if (row) taken.add(row)
  const first = rows[0]
  return combinations.map((values, index) => {
    const kept = same[index]
    if (kept) return { ...kept, values }
    const source = rows.find((row) => !taken.has(row) && agrees(row.values, values))
    if (source) taken.add(source)
    const figures = source ?? first
    const base: SkuRow = {
      sku: '',
      skuEdited: false,
      values,
      ...(figures
        ? Object.fromEntries(SKU_FIGURES.map((figure) => [figure, figures[figure]]))
        : blankFigures),
    } as SkuRow
    if (source?.id !== undefined) base.id = source.id
    if (source?.skuEdited && source.id !== undefined) return { ...base, sku: source.sku, skuEdited: true }
    return base
  })
}

/** One figure written into every sku ("apply to all"), or into the chosen ones (by their values' key). */
export function applyToAll(
  rows: SkuRow[],
  figure: SkuFigure,
  value: string,
  chosen?: ReadonlySet<string>,
): SkuRow[] {
  return rows.map((row) =>
    !chosen || chosen.size === 0 || chosen.has(valuesKey(row.values)) ? { ...row, [figure]: value } : row,
  )
}

/** The images with the one at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

/** The server's field errors for a place in the form (`skus.2.price`), first message only. */
export function fieldError(errors: Record<string, string[]>, path: string): string | null {
  return errors[path]?.[0] ?? null
}
