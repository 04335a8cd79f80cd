import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { OptionKind, OptionLabel, OptionLabelBody } from '../../src/contract/admin-option-labels'
import { queryRows } from '../db/client'
import { optionLabels } from '../db/schema'
import { builtInBangla, optionKey } from '../domain/option-labels'
import type { Actor } from './audit'

/** The Bangla of the shop's sizes and colours, as the back office lists and sets them. */
export type OptionLabelsRepository = {
  /** every size and colour of the skus (and any the shop named that no sku has now), read fresh */
  list(): Promise<OptionLabel[]>
  /** sets one value's Bangla ('' drops the shop's own), audited; the database announces the change */
  save(input: OptionLabelBody, actor: Actor): Promise<OptionLabel>
}

declare module 'fastify' {
  interface FastifyInstance {
    optionLabels: OptionLabelsRepository
  }
}

type ListRow = { kind: OptionKind; value: string; valueBn: string | null; skus: number }

export function createOptionLabelsRepository(app: FastifyInstance): OptionLabelsRepository {
  const withBuiltIn = (row: ListRow): OptionLabel => ({
    kind: row.kind,
    value: row.value,
    valueBn: row.valueBn ?? '',
    builtInBn: builtInBangla(row.kind, row.value),
    skus: Number(row.skus),
  })

  async function list(): Promise<OptionLabel[]> {
    const rows = await queryRows<ListRow>(
      app.db,
      sql`with used as (
            select 'size' as kind, size as value, count(*)::int as skus from skus
              where coalesce(size, '') <> '' group by size
            union all
            select 'colour', colour, count(*)::int from skus where coalesce(colour, '') <> '' group by colour)
          select coalesce(u.kind, l.kind) as kind, coalesce(u.value, l.value) as value,
            l.value_bn as "valueBn", coalesce(u.skus, 0) as skus
          from used u full join option_labels l on l.kind = u.kind and lower(l.value) = lower(u.value)
          order by 1 desc, 4 desc, 2`,
    )
    return rows.map(withBuiltIn)
  }

  return {
    list,
    async save(input, actor) {
      const key = optionKey(input.value)
      await app.db.transaction(async (tx) => {
        // one row per value whatever its letters' case: the row written replaces any other spelling of it
        const sameValue = and(
          eq(optionLabels.kind, input.kind),
          sql`lower(regexp_replace(trim(${optionLabels.value}), '\\s+', ' ', 'g')) = ${key}`,
        )
        const before = await tx.select().from(optionLabels).where(sameValue).for('update')
        await tx.delete(optionLabels).where(sameValue)
        if (input.valueBn) await tx.insert(optionLabels).values(input)
        await app.audit.record(
          actor,
          {
            action: 'option-label.update',
            objectType: 'option_label',
            objectId: `${input.kind}:${input.value}`,
            before: before[0] ?? null,
            after: input.valueBn ? input : null,
          },
          tx,
        )
      })
      const all = await list()
      const saved = all.find((row) => row.kind === input.kind && optionKey(row.value) === key)
      return saved ?? withBuiltIn({ ...input, skus: 0, valueBn: input.valueBn || null })
    },
  }
}

export default fp(
  async function optionLabelsRepository(app: FastifyInstance) {
    app.decorate('optionLabels', createOptionLabelsRepository(app))
  },
  { name: 'option-labels-repository', dependencies: ['context'] },
)
