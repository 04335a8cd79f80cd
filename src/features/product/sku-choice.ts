import type { Sku } from '../../contract/product'

/** The shopper's size and colour choice; null where the product has no such attribute. */
export type SkuChoice = { size: string | null; colour: string | null }

export type ChoiceOption = {
  /** the English value, what the choice keeps */
  value: string
  /** the value as the product was answered in the page's language */
  label: string
  /** some sku has this value together with the other chosen attribute */
  available: boolean
  /** that sku (or any, when the other attribute is unchosen) has stock */
  inStock: boolean
}

type SkuLike = Pick<Sku, 'attributes' | 'stockQuantity'>
type Dimension = keyof SkuChoice

function attributeFor(sku: Pick<Sku, 'attributes'>, dimension: Dimension) {
  const keys = dimension === 'size' ? ['size'] : ['colour', 'color']
  return sku.attributes.find((a) => keys.includes(a.key.toLowerCase()))
}

function attributeOf(sku: Pick<Sku, 'attributes'>, dimension: Dimension): string | null {
  return attributeFor(sku, dimension)?.value ?? null
}

const other = (dimension: Dimension): Dimension => (dimension === 'size' ? 'colour' : 'size')

/** Distinct values of one attribute, in the order the skus list them. */
export function optionValues(skus: readonly SkuLike[], dimension: Dimension): string[] {
  const values: string[] = []
  for (const sku of skus) {
    const value = attributeOf(sku, dimension)
    if (value !== null && !values.includes(value)) values.push(value)
  }
  return values
}

function matches(sku: SkuLike, choice: SkuChoice): boolean {
  return (
    (choice.size === null || attributeOf(sku, 'size') === choice.size) &&
    (choice.colour === null || attributeOf(sku, 'colour') === choice.colour)
  )
}

/** Options of one attribute given the other chosen value: combinations no sku has are unavailable. */
export function choiceOptions(
  skus: readonly SkuLike[],
  dimension: Dimension,
  choice: SkuChoice,
): ChoiceOption[] {
  const fixed = choice[other(dimension)]
  return optionValues(skus, dimension).map((value) => {
    const candidates = skus.filter(
      (sku) =>
        attributeOf(sku, dimension) === value &&
        (fixed === null || attributeOf(sku, other(dimension)) === fixed),
    )
    const named = skus.map((sku) => attributeFor(sku, dimension)).find((a) => a?.value === value)
    return {
      value,
      label: named?.label ?? value,
      available: candidates.length > 0,
      inStock: candidates.some((sku) => sku.stockQuantity > 0),
    }
  })
}

/** The sku matching the choice exactly, if any. */
export function chosenSku<T extends SkuLike>(skus: readonly T[], choice: SkuChoice): T | undefined {
  return skus.find(
    (sku) => attributeOf(sku, 'size') === choice.size && attributeOf(sku, 'colour') === choice.colour,
  )
}

function choiceOf(sku: SkuLike | undefined): SkuChoice {
  return sku
    ? { size: attributeOf(sku, 'size'), colour: attributeOf(sku, 'colour') }
    : { size: null, colour: null }
}

/** Starts on the sku the address names (`wanted`, its code), else the first in stock, else the first. */
export function initialChoice(skus: readonly (SkuLike & { sku?: string })[], wanted?: string): SkuChoice {
  const named = wanted ? skus.find((sku) => sku.sku === wanted) : undefined
  return choiceOf(named ?? skus.find((sku) => sku.stockQuantity > 0) ?? skus[0])
}

/**
 * Picks a value; when the other attribute's current value does not exist with it, that one moves
 * to a value that does (preferring one in stock).
 */
export function choose(
  skus: readonly SkuLike[],
  choice: SkuChoice,
  dimension: Dimension,
  value: string,
): SkuChoice {
  const next = { ...choice, [dimension]: value }
  if (skus.some((sku) => matches(sku, next))) return next
  const withValue = skus.filter((sku) => attributeOf(sku, dimension) === value)
  return choiceOf(withValue.find((sku) => sku.stockQuantity > 0) ?? withValue[0])
}

function colourSlug(colour: string): string {
  return colour
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The first image whose file name starts with the colour (e.g. `products/tee/navy-blue-front.webp`), else -1. */
export function imageIndexForColour(images: readonly string[], colour: string): number {
  const slug = colourSlug(colour)
  if (!slug) return -1
  return images.findIndex((path) => (path.split('/').pop() ?? '').startsWith(`${slug}-`))
}
