import { sql } from 'drizzle-orm'

/** Values as a comma-separated list of parameters: `in (…)`, `array[…]`. */
export const sqlValues = <T>(values: readonly T[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )
