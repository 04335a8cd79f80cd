import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type AdminCustomer,
  type AdminCustomerRow,
  type BlockScope,
  CUSTOMER_ADDRESSES_SHOWN,
  CUSTOMER_EXPORT_LIMIT,
  CUSTOMER_ORDERS_SHOWN,
  type CustomerStatus,
} from '../../src/contract/admin-customers'
import type { OrderAddress } from '../../src/contract/orders'
import { isoTime } from '../db/results'
import { customerNotes, customers, orders, sessions, users } from '../db/schema'
import type { CsvRow } from '../domain/csv'
import { CUSTOMER_CSV_HEADER, customerSearch } from '../domain/customers'
import { notFound } from '../domain/errors'
import type { Actor } from './audit'
import { deliveryRecordColumns, deliveryRecordOf, previousShopOf } from './delivery-record'

export type CustomerFilters = { q?: string; status?: CustomerStatus }

/**
 * The back office's view of the shop's customers: every number that ordered or has an account, guests
 * included (docs/decisions/0023). The list, one customer's record, notes and blocking.
 */
export type AdminCustomersRepository = {
  list(
    filters: CustomerFilters & { page: number; perPage: number },
  ): Promise<{ rows: AdminCustomerRow[]; total: number; hasNext: boolean }>
  /** the lines of the CSV export, header first (at most CUSTOMER_EXPORT_LIMIT customers) */
  exportRows(filters: CustomerFilters): AsyncGenerator<CsvRow>
  /** a customer's whole record; 404 when there is no such customer */
  detail(id: number): Promise<AdminCustomer>
  /** the customer's number, for the couriers' records; 404 when there is no such customer or it has none */
  phoneOf(id: number): Promise<string>
  addNote(id: number, text: string, actor: Actor): Promise<AdminCustomer>
  /**
   * Blocks the number for `scope` (its account's sign-in too, its sessions ended) or unblocks it (null),
   * audited when it changes anything
   */
  setBlock(id: number, scope: BlockScope | null, actor: Actor): Promise<AdminCustomer>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminCustomers: AdminCustomersRepository
  }
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&')
const accountName = sql`trim(${users.firstName} || ' ' || ${users.lastName})`
/** the account's name, else the latest order's */
const displayName = sql<string>`coalesce(nullif(${accountName}, ''), ${customers.name})`
const latestFirst = [
  sql`coalesce(${customers.lastOrderAt}, ${customers.createdAt}) desc`,
  sql`${customers.id} desc nulls last`,
]

/** a customer's orders: those to its number, and its account's to any number */
const ordersOf = sql`(${orders.phone} = ${customers.phone} or ${orders.userId} = ${customers.userId})`

const statusOf = (block: string | null): CustomerStatus => (block ? 'blocked' : 'active')

export function createAdminCustomersRepository(app: FastifyInstance): AdminCustomersRepository {
  function conditions(filters: CustomerFilters): SQL | undefined {
    const where: (SQL | undefined)[] = []
    if (filters.status === 'blocked') where.push(isNotNull(customers.block))
    if (filters.status === 'active') where.push(isNull(customers.block))
    const search = customerSearch(filters.q)
    if (search && 'phoneEnding' in search) {
      where.push(
        search.phoneEnding.length === 11
          ? eq(customers.phone, search.phoneEnding)
          : sql`${customers.phone} like ${`%${likeEscaped(search.phoneEnding)}`}`,
      )
    } else if (search) {
      const all = (name: SQL) =>
        sql.join(
          search.words.map((word) => sql`${name} like ${`%${likeEscaped(word)}%`}`),
          sql` and `,
        )
      // the latest order's name or the account's, each found through its own trigram index; as an array of
      // ids, so that the list reads those rows by key whatever the planner guesses of the match
      where.push(sql`${customers.id} = any(array(
        select c.id from customers c where ${all(sql`lower(c.name)`)}
        union
        select c.id from customers c join users u on u.id = c.user_id
        where ${all(sql`lower(u.first_name || ' ' || u.last_name)`)}))`)
    }
    return and(...where)
  }

  /** each customer's orders count, delivered total and last order, beside their row */
  const summary = app.db
    .select({
      ordersCount: sql<number>`count(*)::int`.as('orders_count'),
      totalSpent:
        sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'delivered'), 0)`.as(
          'total_spent',
        ),
      lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`.as('last_order_at'),
    })
    .from(orders)
    .where(ordersOf)
  const summaryOf = sql`lateral (${summary}) as summary`

  /**
   * One page of customers: the page's ids first, off the list's index, then their rows and their orders'
   * summary for those alone (a deep page never sums the orders of the customers it skips)
   */
  function rowsQuery(filters: CustomerFilters, limit: number, offset: number) {
    const page = app.db
      .select({
        id: customers.id,
        latest: sql`coalesce(${customers.lastOrderAt}, ${customers.createdAt})`.as('latest'),
      })
      .from(customers)
      .where(conditions(filters))
      .orderBy(...latestFirst)
      .limit(limit)
      .offset(offset)
      .as('page')
    return app.db
      .select({
        id: customers.id,
        name: displayName,
        phone: customers.phone,
        userId: customers.userId,
        email: users.email,
        block: customers.block,
        createdAt: customers.createdAt,
        ordersCount: sql<number>`summary.orders_count`,
        totalSpent: sql<string>`summary.total_spent`,
        lastOrderAt: sql<Date | string | null>`summary.last_order_at`,
      })
      .from(page)
      .innerJoin(customers, eq(customers.id, page.id))
      .leftJoin(users, eq(users.id, customers.userId))
      .innerJoin(summaryOf, sql`true`)
      .orderBy(sql`${page.latest} desc`, desc(customers.id))
  }

  const rowView = (row: Awaited<ReturnType<typeof rowsQuery>>[number]): AdminCustomerRow => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    registered: row.userId !== null,
    ordersCount: Number(row.ordersCount),
    totalSpent: Number(row.totalSpent),
    lastOrderAt: row.lastOrderAt ? isoTime(row.lastOrderAt) : null,
    status: statusOf(row.block),
    createdAt: isoTime(row.createdAt),
  })

  async function customer(id: number) {
    const [row] = await app.db
      .select({ customer: customers, account: users, name: displayName })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.userId))
      .where(eq(customers.id, id))
    if (!row) throw notFound('id', 'Customer not found')
    return row
  }

  async function detail(id: number): Promise<AdminCustomer> {
    const { customer: person, account, name } = await customer(id)
    const theirs = or(
      person.phone ? eq(orders.phone, person.phone) : undefined,
      person.userId ? eq(orders.userId, person.userId) : undefined,
    )
    const staffName = sql<
      string | null
    >`(select trim(s.first_name || ' ' || s.last_name) from users s where s.id = ${customerNotes.staffId})`
    const place = (key: string) => sql`${orders.address}->>${key}`
    const [recent, [totals], used, notes, previous] = await Promise.all([
      app.db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          total: orders.total,
        })
        .from(orders)
        .where(theirs)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CUSTOMER_ORDERS_SHOWN),
      app.db
        .select({
          ...deliveryRecordColumns,
          totalSpent: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'delivered'), 0)`,
        })
        .from(orders)
        .where(theirs),
      // one row per place the orders went to, with the name and number on the latest order there
      app.db
        .select({
          address: sql<OrderAddress>`(array_agg(${orders.address} order by ${orders.createdAt} desc))[1]`,
          zone: sql<string>`(array_agg(${orders.zone} order by ${orders.createdAt} desc))[1]`,
          orders: sql<number>`count(*)::int`,
          lastUsedAt: sql<Date | string>`max(${orders.createdAt})`,
        })
        .from(orders)
        .where(theirs)
        .groupBy(place('division'), place('district'), place('area'), place('street'), place('landmark'))
        .orderBy(sql`max(${orders.createdAt}) desc`)
        .limit(CUSTOMER_ADDRESSES_SHOWN),
      app.db
        .select({
          id: customerNotes.id,
          text: customerNotes.text,
          createdAt: customerNotes.createdAt,
          staffId: customerNotes.staffId,
          staffName,
          importedFrom: customerNotes.importedFrom,
        })
        .from(customerNotes)
        .where(eq(customerNotes.customerId, id))
        .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
      previousShopOf(app.db, person.phone),
    ])
    return {
      id: person.id,
      name,
      phone: person.phone,
      account: account
        ? {
            id: account.id,
            email: account.email,
            phoneVerifiedAt: account.phoneVerifiedAt ? isoTime(account.phoneVerifiedAt) : null,
            createdAt: isoTime(account.createdAt),
          }
        : null,
      status: statusOf(person.block),
      blockScope: person.block,
      blockedAt: person.blockedAt ? isoTime(person.blockedAt) : null,
      createdAt: isoTime(person.createdAt),
      addresses: used.map(({ address, zone, orders: count, lastUsedAt }) => ({
        name: address.name,
        phone: address.phone,
        division: address.division,
        district: address.district,
        area: address.area,
        street: address.street,
        landmark: address.landmark ?? '',
        zone: zone as AdminCustomer['addresses'][number]['zone'],
        orders: count,
        lastUsedAt: isoTime(lastUsedAt),
      })),
      orders: recent.map((order) => ({ ...order, createdAt: isoTime(order.createdAt) })),
      totalSpent: Number(totals?.totalSpent ?? 0),
      record: deliveryRecordOf(totals, previous),
      notes: notes.map((note) => ({
        id: note.id,
        text: note.text,
        createdAt: isoTime(note.createdAt),
        staff: note.staffId === null ? null : { id: note.staffId, name: note.staffName?.trim() || '' },
        ...(note.importedFrom ? { importedFrom: note.importedFrom } : {}),
      })),
    }
  }

  return {
    async list(filters) {
      const [rows, [counted]] = await Promise.all([
        rowsQuery(filters, filters.perPage + 1, (filters.page - 1) * filters.perPage),
        app.db.select({ total: sql<number>`count(*)::int` }).from(customers).where(conditions(filters)),
      ])
      return {
        rows: rows.slice(0, filters.perPage).map(rowView),
        total: Number(counted?.total ?? 0),
        hasNext: rows.length > filters.perPage,
      }
    },

    async *exportRows(filters) {
      yield CUSTOMER_CSV_HEADER
      const pageSize = 500
      // a page at a time, so a large shop is never held in memory at once
      for (let offset = 0; offset < CUSTOMER_EXPORT_LIMIT; offset += pageSize) {
        const rows = await rowsQuery(filters, Math.min(pageSize, CUSTOMER_EXPORT_LIMIT - offset), offset)
        for (const stored of rows) {
          const row = rowView(stored)
          yield [
            row.id,
            row.name,
            row.phone,
            stored.email,
            row.status,
            row.ordersCount,
            row.totalSpent,
            row.lastOrderAt,
            row.createdAt,
          ]
        }
        if (rows.length < pageSize) return
      }
    },

    detail,

    async phoneOf(id) {
      const { customer: person } = await customer(id)
      if (!person.phone) throw notFound('id', 'This customer has no number')
      return person.phone
    },

    async addNote(id, text, actor) {
      await customer(id)
      await app.db.transaction(async (tx) => {
        const [note] = await tx
          .insert(customerNotes)
          .values({ customerId: id, staffId: actor.staffId, text, createdAt: app.clock.now() })
          .returning({ id: customerNotes.id })
        await app.audit.record(
          actor,
          {
            action: 'customer.note',
            objectType: 'customer',
            objectId: id,
            after: { noteId: note?.id, text },
          },
          tx,
        )
      })
      return detail(id)
    },

    async setBlock(id, scope, actor) {
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update')
        if (!row) throw notFound('id', 'Customer not found')
        if (row.block === scope) return
        const now = app.clock.now()
        await tx
          .update(customers)
          .set({ block: scope, blockedAt: scope ? now : null, updatedAt: now })
          .where(eq(customers.id, id))
        // the account goes with its number: blocked means signed out everywhere, and an unblock later does
        // not bring the old sessions back; a staff member's own account is never touched from here
        let ended = 0
        if (row.userId !== null) {
          const shopper = and(eq(users.id, row.userId), eq(users.adminType, 'customer'))
          if (scope) {
            await tx.update(users).set({ status: 'blocked', updatedAt: now }).where(shopper)
            ended = (
              await tx
                .update(sessions)
                .set({ revokedAt: now })
                .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)))
                .returning({ id: sessions.id })
            ).length
          } else {
            await tx
              .update(users)
              .set({ status: 'active', updatedAt: now })
              .where(and(shopper, eq(users.status, 'blocked')))
          }
        }
        await app.audit.record(
          actor,
          {
            action: scope ? 'customer.block' : 'customer.unblock',
            objectType: 'customer',
            objectId: id,
            before: { status: statusOf(row.block), scope: row.block },
            after: scope
              ? { status: 'blocked', scope, sessionsEnded: ended }
              : { status: 'active', scope: null },
          },
          tx,
        )
      })
      return detail(id)
    },
  }
}

export default fp(
  async function adminCustomersRepository(app: FastifyInstance) {
    app.decorate('adminCustomers', createAdminCustomersRepository(app))
  },
  { name: 'admin-customers-repository', dependencies: ['context'] },
)
