import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type AdminCustomer,
  type AdminCustomerRow,
  CUSTOMER_EXPORT_LIMIT,
  CUSTOMER_ORDERS_SHOWN,
  type CustomerStatus,
} from '../../src/contract/admin-customers'
import { isoTime } from '../db/results'
import { addresses, customerNotes, orders, sessions, users } from '../db/schema'
import type { CsvRow } from '../domain/csv'
import { CUSTOMER_CSV_HEADER, customerSearch } from '../domain/customers'
import { notFound } from '../domain/errors'
import type { Actor } from './audit'

export type CustomerFilters = { q?: string; status?: CustomerStatus }

/** The back office's view of shoppers' accounts: the list, one customer's record, notes and blocking. */
export type AdminCustomersRepository = {
  list(
    filters: CustomerFilters & { page: number; perPage: number },
  ): Promise<{ rows: AdminCustomerRow[]; total: number; hasNext: boolean }>
  /** the lines of the CSV export, header first (at most CUSTOMER_EXPORT_LIMIT customers) */
  exportRows(filters: CustomerFilters): AsyncGenerator<CsvRow>
  /** a customer's whole record; 404 when there is no such customer (a staff member is not one) */
  detail(id: number): Promise<AdminCustomer>
  addNote(id: number, text: string, actor: Actor): Promise<AdminCustomer>
  /** blocks (their sessions end with it) or unblocks, audited when it changes anything */
  setStatus(id: number, status: CustomerStatus, actor: Actor): Promise<AdminCustomer>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminCustomers: AdminCustomersRepository
  }
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&')
const isCustomer = eq(users.adminType, 'customer')
const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`

/** a customer's orders: placed while signed in, or as a guest with the account's number */
const ordersOf = sql`(${orders.userId} = ${users.id} or (${users.phone} is not null and ${orders.phone} = ${users.phone}))`

const statusOf = (status: string): CustomerStatus => (status === 'blocked' ? 'blocked' : 'active')

export function createAdminCustomersRepository(app: FastifyInstance): AdminCustomersRepository {
  function conditions(filters: CustomerFilters): SQL | undefined {
    const where: (SQL | undefined)[] = [isCustomer]
    if (filters.status === 'blocked') where.push(eq(users.status, 'blocked'))
    if (filters.status === 'active') where.push(eq(users.status, 'active'))
    const search = customerSearch(filters.q)
    if (search && 'phoneEnding' in search) {
      where.push(sql`${users.phone} like ${`%${likeEscaped(search.phoneEnding)}`}`)
    } else if (search) {
      const name = sql`lower(${users.firstName} || ' ' || ${users.lastName})`
      where.push(...search.words.map((word) => sql`${name} like ${`%${likeEscaped(word)}%`}`))
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

  function rowsQuery(filters: CustomerFilters) {
    return app.db
      .select({
        id: users.id,
        name: fullName,
        phone: users.phone,
        email: users.email,
        status: users.status,
        createdAt: users.createdAt,
        ordersCount: sql<number>`summary.orders_count`,
        totalSpent: sql<string>`summary.total_spent`,
        lastOrderAt: sql<Date | string | null>`summary.last_order_at`,
      })
      .from(users)
      .innerJoin(summaryOf, sql`true`)
      .where(conditions(filters))
      .orderBy(desc(users.createdAt), desc(users.id))
  }

  const rowView = (row: Awaited<ReturnType<typeof rowsQuery>>[number]): AdminCustomerRow => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    ordersCount: Number(row.ordersCount),
    totalSpent: Number(row.totalSpent),
    lastOrderAt: row.lastOrderAt ? isoTime(row.lastOrderAt) : null,
    status: statusOf(row.status),
    createdAt: isoTime(row.createdAt),
  })

  async function customer(id: number) {
    const [row] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isCustomer))
    if (!row) throw notFound('id', 'Customer not found')
    return row
  }

  async function detail(id: number): Promise<AdminCustomer> {
    const person = await customer(id)
    const byThem = or(eq(orders.userId, id), person.phone ? eq(orders.phone, person.phone) : undefined) as SQL
    const staffName = sql<
      string | null
    >`(select trim(s.first_name || ' ' || s.last_name) from users s where s.id = ${customerNotes.staffId})`
    const [book, recent, [totals], notes] = await Promise.all([
      app.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, id))
        .orderBy(desc(addresses.isDefault), asc(addresses.id)),
      app.db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          total: orders.total,
        })
        .from(orders)
        .where(byThem)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CUSTOMER_ORDERS_SHOWN),
      app.db
        .select({
          ordersCount: sql<number>`count(*)::int`,
          totalSpent: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'delivered'), 0)`,
          deliveredCount: sql<number>`(count(*) filter (where ${orders.status} = 'delivered'))::int`,
          cancelledCount: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
          returnedCount: sql<number>`(count(*) filter (where ${orders.status} = 'returned'))::int`,
        })
        .from(orders)
        .where(byThem),
      app.db
        .select({
          id: customerNotes.id,
          text: customerNotes.text,
          createdAt: customerNotes.createdAt,
          staffId: customerNotes.staffId,
          staffName,
        })
        .from(customerNotes)
        .where(eq(customerNotes.userId, id))
        .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
    ])
    return {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      email: person.email,
      status: statusOf(person.status),
      phoneVerifiedAt: person.phoneVerifiedAt ? isoTime(person.phoneVerifiedAt) : null,
      createdAt: isoTime(person.createdAt),
      addresses: book.map((address) => ({
        id: address.id,
        name: address.name,
        phone: address.phone,
        division: address.division,
        district: address.district,
        area: address.area,
        street: address.street,
        landmark: address.landmark,
        zone: address.zone,
        isDefault: address.isDefault,
      })),
      orders: recent.map((order) => ({ ...order, createdAt: isoTime(order.createdAt) })),
      ordersCount: Number(totals?.ordersCount ?? 0),
      totalSpent: Number(totals?.totalSpent ?? 0),
      deliveredCount: Number(totals?.deliveredCount ?? 0),
      cancelledCount: Number(totals?.cancelledCount ?? 0),
      returnedCount: Number(totals?.returnedCount ?? 0),
      notes: notes.map((note) => ({
        id: note.id,
        text: note.text,
        createdAt: isoTime(note.createdAt),
        staff: note.staffId === null ? null : { id: note.staffId, name: note.staffName?.trim() || '' },
      })),
    }
  }

  return {
    async list(filters) {
      const [rows, [counted]] = await Promise.all([
        rowsQuery(filters)
          .limit(filters.perPage + 1)
          .offset((filters.page - 1) * filters.perPage),
        app.db.select({ total: sql<number>`count(*)::int` }).from(users).where(conditions(filters)),
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
        const rows = await rowsQuery(filters)
          .limit(Math.min(pageSize, CUSTOMER_EXPORT_LIMIT - offset))
          .offset(offset)
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

    async addNote(id, text, actor) {
      await customer(id)
      await app.db.transaction(async (tx) => {
        const [note] = await tx
          .insert(customerNotes)
          .values({ userId: id, staffId: actor.staffId, text, createdAt: app.clock.now() })
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

    async setStatus(id, status, actor) {
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: users.status })
          .from(users)
          .where(and(eq(users.id, id), isCustomer))
          .for('update')
        if (!row) throw notFound('id', 'Customer not found')
        if (row.status === status) return
        const now = app.clock.now()
        await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, id))
        // blocked means signed out everywhere: an unblock later does not bring the old sessions back
        const ended =
          status === 'blocked'
            ? (
                await tx
                  .update(sessions)
                  .set({ revokedAt: now })
                  .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
                  .returning({ id: sessions.id })
              ).length
            : 0
        await app.audit.record(
          actor,
          {
            action: status === 'blocked' ? 'customer.block' : 'customer.unblock',
            objectType: 'customer',
            objectId: id,
            before: { status: row.status },
            after: status === 'blocked' ? { status, sessionsEnded: ended } : { status },
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
