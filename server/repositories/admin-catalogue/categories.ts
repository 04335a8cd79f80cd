import { asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AdminCategory } from '../../../src/contract/admin-catalogue'
import { MENU_NAME_MAX } from '../../../src/contract/admin-content'
import { type Db, queryRows, type Tx } from '../../db/client'
import { categories } from '../../db/schema'
import { invalid, notFound } from '../../domain/errors'
import type { Actor } from '../audit'
import { categoryPathOf, refreshSearchText } from '../catalogue/product-cards'
import { addCategoryItem } from '../content/menus'
import type { AdminCatalogueRepository } from './index'
import {
  CatalogueRefusal,
  type CatalogueTable,
  type CategoryInput,
  changed,
  createAudited,
  deleteAudited,
  idArray,
  slugOf,
  updateAudited,
} from './shared'

/** a category's columns as its form gives them, at `position` among its siblings */
const categoryColumns = (input: CategoryInput, position: number) => ({
  slug: slugOf(input),
  name: input.name,
  nameBn: input.nameBn,
  parentId: input.parentId,
  position,
  image: input.image || null,
})

async function categoryRows(where: Db | Tx, id?: number): Promise<AdminCategory[]> {
  const rows = await queryRows<{
    id: number
    slug: string
    name: string
    name_bn: string
    parent_id: number | null
    position: number
    image: string | null
    products: number
    children: number
  }>(
    where,
    sql`select c.id, c.slug, c.name, c.name_bn, c.parent_id, c.position, c.image,
          (select count(*)::int from products p where p.category_path @> array[c.id]) as products,
          (select count(*)::int from categories k where k.parent_id = c.id) as children
        from categories c left join categories top on top.id = c.parent_id
        ${id === undefined ? sql`` : sql`where c.id = ${id}`}
        order by coalesce(top.position, c.position), coalesce(c.parent_id, c.id), c.parent_id is not null,
          c.position, c.id`,
  )
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    nameBn: row.name_bn,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    position: Number(row.position),
    image: row.image ?? '',
    products: Number(row.products),
    children: Number(row.children),
  }))
}

async function oneCategory(where: Db | Tx, id: number): Promise<AdminCategory> {
  const [row] = await categoryRows(where, id)
  if (!row) throw notFound('id', 'Category not found')
  return row
}

/** a parent must be a top-level category other than this one, and a category with children stays on top */
async function checkParent(tx: Tx, id: number | null, parentId: number | null) {
  if (parentId === null) return
  if (parentId === id) throw invalid('parentId', 'A category cannot be its own parent')
  const [parent] = await tx
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, parentId))
  if (!parent) throw invalid('parentId', 'Choose an existing category')
  if (parent.parentId !== null) throw invalid('parentId', 'Only a top-level category can be a parent')
  if (id === null) return
  const [child] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1)
  if (child) throw invalid('parentId', 'A category with children stays at the top level')
}

/** where the next category under `parentId` (null: the top level) goes: after its last sibling */
async function nextPosition(tx: Tx, parentId: number | null): Promise<number> {
  const [{ next } = { next: 0 }] = await queryRows<{ next: number }>(
    tx,
    sql`select coalesce(max(position) + 1, 0)::int as next from categories
        where parent_id ${parentId === null ? sql`is null` : sql`= ${parentId}`}`,
  )
  return Number(next)
}

/** The shop's main menu, which a new category may join as it is made. */
const MAIN_MENU = 'main_menu'

/**
 * Puts the new category into the main menu, in the same transaction: into its parent's submenu when the
 * parent is a top-level item of the menu, else at the end. Audited as a change of the menu.
 */
async function addToMainMenu(app: FastifyInstance, tx: Tx, id: number, actor: Actor) {
  const category = await oneCategory(tx, id)
  const parent = category.parentId === null ? undefined : await oneCategory(tx, category.parentId)
  const item = {
    name: category.name.slice(0, MENU_NAME_MAX),
    ...(category.nameBn ? { nameBn: category.nameBn.slice(0, MENU_NAME_MAX) } : {}),
    type: 'category' as const,
    url: category.slug,
    submenu: [],
  }
  await addCategoryItem(tx, MAIN_MENU, item, parent?.slug ?? null, (tx, before, after) =>
    app.audit.record(
      actor,
      { action: 'menu.update', objectType: 'menu', objectId: MAIN_MENU, before, after },
      tx,
    ),
  )
}

const categoryTable: CatalogueTable<AdminCategory> = {
  type: 'category',
  table: categories,
  one: oneCategory,
}

type CategoryWrites = Pick<
  AdminCatalogueRepository,
  'categories' | 'createCategory' | 'updateCategory' | 'orderCategories' | 'deleteCategory'
>

/** The category tree: its rows with their counts, and each write audited in its own transaction. */
export function categoryRepository(app: FastifyInstance): CategoryWrites {
  const db = app.db
  return {
    categories: () => categoryRows(db),

    createCategory(input, actor) {
      return createAudited(app, categoryTable, actor, async (tx) => {
        await checkParent(tx, null, input.parentId)
        const position = await nextPosition(tx, input.parentId)
        const written = await tx
          .insert(categories)
          .values(categoryColumns(input, position))
          .returning({ id: categories.id })
        if (input.addToMenu && written[0]) await addToMainMenu(app, tx, written[0].id, actor)
        return written
      })
    },

    updateCategory(id, change, actor) {
      return updateAudited(app, categoryTable, id, actor, async (tx, before) => {
        const { slug, name, nameBn, parentId, image } = before
        const input = changed({ slug, name, nameBn, parentId, image }, change)
        if (change.parentId !== undefined) await checkParent(tx, id, input.parentId)
        const moved = before.parentId !== input.parentId
        const position = moved ? await nextPosition(tx, input.parentId) : before.position
        await tx.update(categories).set(categoryColumns(input, position)).where(eq(categories.id, id))
        if (moved) {
          const path = await categoryPathOf(tx, id)
          if (path) {
            await tx.execute(
              sql`update products set category_path = ${idArray(path)} where category_id = ${id}`,
            )
          }
        }
        if (moved || before.name !== input.name || before.nameBn !== input.nameBn) {
          await refreshSearchText(tx, { categoryId: id })
        }
      })
    },

    orderCategories(parentId, ids, actor) {
      return db.transaction(async (tx) => {
        const siblings = await tx
          .select({ id: categories.id, position: categories.position })
          .from(categories)
          .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
          .orderBy(asc(categories.position), asc(categories.id))
          .for('update')
        const known = new Set(siblings.map((row) => row.id))
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => !known.has(id))
        ) {
          throw invalid('ids', 'List every category of this parent once')
        }
        for (const [position, id] of ids.entries()) {
          await tx.update(categories).set({ position }).where(eq(categories.id, id))
        }
        await app.audit.record(
          actor,
          {
            action: 'category.reorder',
            objectType: 'category',
            objectId: parentId,
            before: { ids: siblings.map((row) => row.id) },
            after: { ids },
          },
          tx,
        )
        return categoryRows(tx)
      })
    },

    deleteCategory(id, actor) {
      return deleteAudited(app, categoryTable, id, actor, (before) =>
        before.products > 0 || before.children > 0
          ? new CatalogueRefusal(
              { id: ['This category still has products or subcategories'] },
              { counts: { products: before.products, children: before.children } },
            )
          : null,
      )
    },
  }
}
