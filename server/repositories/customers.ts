import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { BlockScope } from '../../src/contract/admin-customers'
import type { Db, Tx } from '../db/client'
import { customers, sessions, users } from '../db/schema'

/**
 * The rows of `customers` as the rest of the shop keeps them (docs/decisions/0023): placing an order keeps its
 * number's row, making an account joins it; what a block refuses is read here.
 */

/** An order being placed: its number's row is made, or takes the order's name and time, in its transaction. */
export async function keepOrderCustomer(
  tx: Tx,
  order: { phone: string; customerName: string; createdAt: Date },
): Promise<void> {
  // a number that has an account is joined to it (an account made before its number ordered, or by hand)
  const account = sql`(select ${users.id} from ${users} where ${users.phone} = ${order.phone} and ${users.adminType} = 'customer')`
  await tx
    .insert(customers)
    .values({
      phone: order.phone,
      userId: account,
      name: order.customerName,
      lastOrderAt: order.createdAt,
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    })
    .onConflictDoUpdate({
      target: customers.phone,
      set: {
        name: order.customerName,
        lastOrderAt: sql`greatest(${customers.lastOrderAt}, excluded.last_order_at)`,
        userId: sql`coalesce(${customers.userId}, excluded.user_id)`,
        updatedAt: order.createdAt,
      },
    })
}

/**
 * An account made or proven: joined to its number's row (made when the number never ordered), or given a
 * row of its own when it has no number. A blocked number's account is blocked too, its sessions ended: the
 * shop blocked the person, who then registered.
 */
export async function joinAccount(
  tx: Tx,
  account: { id: number; phone: string | null; status: string; adminType: string },
  now: Date,
): Promise<{ blocked: boolean }> {
  // a staff member signing in to the shop is no customer until their number orders
  if (account.adminType !== 'customer') return { blocked: false }
  const [row] = account.phone
    ? await tx
        .insert(customers)
        .values({ phone: account.phone, userId: account.id, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: customers.phone,
          set: { userId: sql`coalesce(${customers.userId}, excluded.user_id)` },
        })
        .returning({ block: customers.block, userId: customers.userId })
    : await tx
        .insert(customers)
        .values({ userId: account.id, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ block: customers.block, userId: customers.userId })
  if (!row?.block || row.userId !== account.id) return { blocked: false }
  if (account.status !== 'blocked') {
    await tx.update(users).set({ status: 'blocked', updatedAt: now }).where(eq(users.id, account.id))
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAt)))
  }
  return { blocked: true }
}

/**
 * What the shop refuses an order of this number, or of the signed-in account: every order (`all`), cash on
 * delivery (`cod`), or nothing (null). A blocked account (its status, as sign-in reads it) is refused cash on
 * delivery whatever its number's row says.
 */
export async function blockOf(
  db: Db,
  who: { userId: number | null; phone: string },
): Promise<BlockScope | null> {
  const [numbers, accounts] = await Promise.all([
    db
      .select({ block: customers.block })
      .from(customers)
      .where(
        and(
          isNotNull(customers.block),
          who.userId === null
            ? eq(customers.phone, who.phone)
            : or(eq(customers.phone, who.phone), eq(customers.userId, who.userId)),
        ),
      ),
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.status, 'blocked'),
          who.userId === null
            ? eq(users.phone, who.phone)
            : or(eq(users.phone, who.phone), eq(users.id, who.userId)),
        ),
      )
      .limit(1),
  ])
  if (numbers.some((row) => row.block === 'all')) return 'all'
  return numbers.length > 0 || accounts.length > 0 ? 'cod' : null
}
