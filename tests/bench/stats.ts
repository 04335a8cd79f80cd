/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}

export type Row = Record<string, string | number>

/** A plain text table with right-aligned numbers. */
export function table(rows: Row[]): string {
  const first = rows[0]
  if (!first) return '(no rows)'
  const columns = Object.keys(first)
  const cell = (value: string | number | undefined) =>
    typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : (value ?? '')
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)))
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === 0 ? v.padEnd(widths[i] as number) : v.padStart(widths[i] as number)))
      .join('  ')
  const out = [line(columns), widths.map((w) => '-'.repeat(w)).join('  ')]
  for (const row of rows) out.push(line(columns.map((c) => cell(row[c]))))
  return out.join('\n')
}
