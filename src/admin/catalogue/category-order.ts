/** Siblings' ids with `id` moved by `step` places (-1 up, +1 down); the same list when it cannot move. */
export function moveBy(ids: readonly number[], id: number, step: number): number[] {
  const from = ids.indexOf(id)
  const to = from + step
  if (from === -1 || to < 0 || to >= ids.length) return [...ids]
  return moveTo(ids, id, to)
}

/** Siblings' ids with `id` put at `index` (where a dragged row was dropped). */
export function moveTo(ids: readonly number[], id: number, index: number): number[] {
  const rest = ids.filter((other) => other !== id)
  if (rest.length === ids.length) return [...ids]
  const at = Math.max(0, Math.min(index, rest.length))
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}
