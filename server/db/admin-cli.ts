import { parseArgs } from 'node:util'
import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod/mini'
import { PHONE_MESSAGE, phoneInput } from '../../src/contract/auth'
import { loadConfig, localOrigin } from '../config'
import { cleanName, splitFullName } from '../domain/name'
import { hashSessionToken, newSessionToken } from '../domain/session'
import { SETUP_TTL_MS } from '../domain/staff'
import { whilePreparing } from '../prepare-database'
import { openDatabase } from './client'
import { migrate } from './migrate'
import { auditLog, staffSetupTokens, users } from './schema'

/**
 * `npm run admin:create -- --phone 01XXXXXXXXX [--name "Full Name"]`: makes the shop's first owner (or
 * makes an existing account of that number an owner again, active) and prints a one-time link, valid for
 * 72 hours, where they choose their password. Against DATABASE_URL, or the PGlite in DATA_DIR.
 */
const USAGE = 'usage: npm run admin:create -- --phone 01XXXXXXXXX [--name "Full Name"]'

function fail(text: string): never {
  console.error(text)
  process.exit(2)
}

let values: { phone?: string; name?: string }
try {
  values = parseArgs({ options: { phone: { type: 'string' }, name: { type: 'string' } } }).values
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`)
}
const phone = z.safeParse(phoneInput, values.phone ?? '')
if (!phone.success) fail(`--phone: ${PHONE_MESSAGE}\n${USAGE}`)
const name = cleanName(values.name)
if (name.length > 100) fail('--name: at most 100 characters')
const names = splitFullName(name)

const config = loadConfig()
const database = await openDatabase(config)
try {
  const now = new Date()
  const token = newSessionToken()
  const outcome = await whilePreparing(config, async () => {
    await migrate(database)
    return database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          phone: phone.data,
          ...names,
          adminType: 'owner',
          mustChangePassword: true,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()
      let person = created
      let before: Record<string, unknown> | null = null
      if (!person) {
        const [existing] = await tx.select().from(users).where(eq(users.phone, phone.data)).for('update')
        if (!existing) throw new Error('the account of this number vanished')
        before = { role: existing.adminType, status: existing.status }
        ;[person] = await tx
          .update(users)
          .set({
            adminType: 'owner',
            status: 'active',
            mustChangePassword: true,
            firstName: names.firstName || existing.firstName,
            lastName: names.lastName || existing.lastName,
            updatedAt: now,
          })
          .where(eq(users.id, existing.id))
          .returning()
      }
      if (!person) throw new Error('the owner was not written')
      await tx
        .update(staffSetupTokens)
        .set({ usedAt: now })
        .where(and(eq(staffSetupTokens.userId, person.id), isNull(staffSetupTokens.usedAt)))
      await tx.insert(staffSetupTokens).values({
        tokenHash: hashSessionToken(token),
        userId: person.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SETUP_TTL_MS),
      })
      const after = {
        phone: phone.data,
        firstName: person.firstName,
        lastName: person.lastName,
        role: 'owner',
        status: 'active',
        by: 'admin:create',
      }
      await tx.insert(auditLog).values({
        at: now,
        staffId: null,
        action: 'staff.invite',
        objectType: 'staff',
        objectId: String(person.id),
        before,
        after,
        ip: null,
      })
      return { person, before }
    })
  })
  const origin = config.PUBLIC_URL ?? localOrigin(config)
  const who = [outcome.person.firstName, outcome.person.lastName].filter(Boolean).join(' ')
  const was = outcome.before === null ? 'a new account' : `was ${outcome.before.role}`
  console.log(`Owner ${phone.data}${who ? ` (${who})` : ''}: ${was}, on ${database.kind}.`)
  console.log('Their one-time link to choose a password (valid for 72 hours; then sign in at /admin):')
  console.log(`${origin}/admin/setup?token=${token}`)
} finally {
  await database.close()
}
