import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { STAFF_IDLE_MS, STAFF_ROLES, type StaffMember, type StaffRole } from '../../src/contract/staff'
import type { Db } from '../db/client'
import { isoTime } from '../db/results'
import { staffSetupTokens, users } from '../db/schema'
import { conflict, notFound } from '../domain/errors'
import { isStaffRole, ownerChangeProblem, type StaffChange } from '../domain/staff'
import type { UserRow } from './accounts'
import type { Actor } from './audit'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type StaffListItem = StaffMember & { sessions: number }

/** What an invitation writes: the person, their role, and the hash of their one-time setup link. */
export type Invitation = {
  phone: string
  firstName: string
  lastName: string
  role: StaffRole
  setupTokenHash: string
  setupExpiresAt: Date
}

/** The back office's people: who is on the staff, with which role, invited how (the staff page). */
export type StaffRepository = {
  byPhone(phone: string): Promise<UserRow | undefined>
  byId(id: number): Promise<UserRow | undefined>
  /** a staff member as the staff page shows them; undefined for a customer or nobody */
  member(id: number): Promise<StaffMember | undefined>
  /** everyone on the staff, with their live sessions */
  list(): Promise<StaffListItem[]>
  /** makes a new person, or a customer of this number, staff with a setup link (409 when already staff) */
  invite(invitation: Invitation, actor: Actor): Promise<StaffMember>
  /** an owner's change of role or status; blocking ends their sessions (409 for self and the last owner) */
  change(id: number, change: StaffChange, actor: Actor & { staffId: number }): Promise<StaffMember>
  /** ends every staff session of a staff member (404 for anyone else) */
  endSessions(id: number, actor: Actor): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffRepository
  }
}

export function staffMember(row: UserRow, lastSeenAt: Date | string | null): StaffMember {
  return {
    id: row.id,
    phone: row.phone ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    role: isStaffRole(row.adminType) ? row.adminType : 'staff',
    status: row.status === 'active' ? 'active' : 'blocked',
    totpEnabled: row.totpEnabledAt !== null && row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    lastSeenAt: lastSeenAt === null ? null : isoTime(lastSeenAt),
  }
}

const NOT_FOUND = 'Staff member not found'
const isStaff = inArray(users.adminType, [...STAFF_ROLES])

export function createStaffRepository(app: FastifyInstance): StaffRepository {
  const now = () => app.clock.now()
  // written out in full: Drizzle names a one-table query's columns without their table, which inside a
  // subquery would name the subquery's own columns
  const lastSeen = sql<Date | string | null>`(select max(s.last_seen_at) from staff_sessions s
    where s.user_id = "users"."id")`

  const member = async (id: number, reader: Pick<Db, 'select'> = app.db) => {
    const [row] = await reader
      .select({ user: users, lastSeen })
      .from(users)
      .where(and(eq(users.id, id), isStaff))
      .limit(1)
    return row && staffMember(row.user, row.lastSeen)
  }

  /** a staff member locked for a change, or 404 */
  const lockedMember = async (tx: Tx, id: number) => {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1)
    if (!row || !isStaffRole(row.adminType)) throw notFound('id', NOT_FOUND)
    return row as UserRow & { adminType: StaffRole }
  }

  return {
    async byPhone(phone) {
      const [row] = await app.db.select().from(users).where(eq(users.phone, phone)).limit(1)
      return row
    },
    async byId(id) {
      const [row] = await app.db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },
    member: (id) => member(id),

    async list() {
      const at = now()
      const liveSessions = sql<string | number>`(select count(*) from staff_sessions s
        where s.user_id = "users"."id" and s.revoked_at is null and s.expires_at > ${at.toISOString()}
          and s.last_seen_at > ${new Date(at.getTime() - STAFF_IDLE_MS).toISOString()})`
      const rows = await app.db
        .select({ user: users, lastSeen, liveSessions })
        .from(users)
        .where(isStaff)
        .orderBy(asc(users.id))
      return rows.map((row) => ({
        ...staffMember(row.user, row.lastSeen),
        sessions: Number(row.liveSessions),
      }))
    },

    async invite(invitation, actor) {
      const { phone, firstName, lastName, role } = invitation
      return app.db.transaction(async (tx) => {
        const at = now()
        const [created] = await tx
          .insert(users)
          .values({
            phone,
            firstName,
            lastName,
            adminType: role,
            mustChangePassword: true,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning()
        let person = created
        let before: Record<string, unknown> | null = null
        if (!person) {
          const [existing] = await tx.select().from(users).where(eq(users.phone, phone)).for('update')
          if (!existing) throw new Error('the invited number vanished')
          if (isStaffRole(existing.adminType)) {
            throw conflict({ phone: ['This number is already on the staff'] })
          }
          before = { role: existing.adminType }
          const [promoted] = await tx
            .update(users)
            .set({
              adminType: role,
              mustChangePassword: true,
              // the names the shopper gave stay; the owner's fill the blanks
              firstName: existing.firstName || firstName,
              lastName: existing.lastName || lastName,
              updatedAt: at,
            })
            .where(eq(users.id, existing.id))
            .returning()
          person = promoted
        }
        if (!person) throw new Error('the invited person was not written')
        // an earlier link for the same person stops working
        await tx
          .update(staffSetupTokens)
          .set({ usedAt: at })
          .where(and(eq(staffSetupTokens.userId, person.id), isNull(staffSetupTokens.usedAt)))
        await tx.insert(staffSetupTokens).values({
          tokenHash: invitation.setupTokenHash,
          userId: person.id,
          createdAt: at,
          expiresAt: invitation.setupExpiresAt,
        })
        const after = {
          phone,
          firstName: person.firstName,
          lastName: person.lastName,
          role,
          status: person.status,
        }
        await app.audit.record(
          actor,
          { action: 'staff.invite', objectType: 'staff', objectId: person.id, before, after },
          tx,
        )
        return staffMember(person, null)
      })
    },

    async change(id, change, actor) {
      await app.db.transaction(async (tx) => {
        // every active owner is locked first, always in the same order: two owners demoting each other at
        // once take turns, and the second sees that the first is no longer an owner
        const owners = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.adminType, 'owner'), eq(users.status, 'active')))
          .orderBy(asc(users.id))
          .for('update')
        const target = await lockedMember(tx, id)
        const problem = ownerChangeProblem({
          actorId: actor.staffId,
          target: { id: target.id, role: target.adminType, status: target.status },
          change,
          otherActiveOwners: owners.filter((owner) => owner.id !== target.id).length,
        })
        if (problem) throw conflict({ role: [problem] })
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        if (change.role !== undefined && change.role !== target.adminType) {
          before.role = target.adminType
          after.role = change.role
        }
        if (change.status !== undefined && change.status !== target.status) {
          before.status = target.status
          after.status = change.status
        }
        if (Object.keys(after).length === 0) return
        await tx
          .update(users)
          .set({
            ...(after.role === undefined ? {} : { adminType: change.role }),
            ...(after.status === undefined ? {} : { status: change.status }),
            updatedAt: now(),
          })
          .where(eq(users.id, id))
        if (after.status === 'blocked')
          after.sessionsEnded = await app.staffSessions.endAllOf(id, undefined, tx)
        await app.audit.record(
          actor,
          { action: 'staff.update', objectType: 'staff', objectId: id, before, after },
          tx,
        )
      })
      const updated = await member(id)
      if (!updated) throw notFound('id', NOT_FOUND)
      return updated
    },

    async endSessions(id, actor) {
      await app.db.transaction(async (tx) => {
        await lockedMember(tx, id)
        const ended = await app.staffSessions.endAllOf(id, undefined, tx)
        await app.audit.record(
          actor,
          {
            action: 'staff.end_sessions',
            objectType: 'staff',
            objectId: id,
            before: null,
            after: { sessionsEnded: ended },
          },
          tx,
        )
      })
    },
  }
}

export default fp(
  async function staffRepository(app: FastifyInstance) {
    app.decorate('staff', createStaffRepository(app))
  },
  { name: 'staff-repository', dependencies: ['context', 'audit-repository', 'staff-sessions-repository'] },
)
