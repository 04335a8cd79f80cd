/** storefront §2: information links, the first 3 in one column and the rest in another. */
export function splitFooterMenu<T>(items: readonly T[]): [T[], T[]] {
  return [items.slice(0, 3), items.slice(3)]
}
