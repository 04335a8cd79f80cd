import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod'
import type { Address, addressCreateBody, addressPatchBody, DeliveryZone } from '../../src/contract/addresses'
import { addresses } from '../db/schema'

type Place = { division: string; district: string; area: string }
/** The delivery zone of a place; throws when the place is not one of the lists'. */
type ZoneOf = (place: Place) => DeliveryZone

/** A shopper's saved delivery addresses: exactly one is the default once there is any. */
export type AddressBookRepository = {
  /** the shopper's addresses, the default first */
  list(userId: number): Promise<Address[]>
  /** one of the shopper's addresses */
  findOwn(id: number, userId: number): Promise<Address | undefined>
  /** saves an address; the first one, or one marked so, becomes the default */
  add(userId: number, address: z.output<typeof addressCreateBody>, zone: DeliveryZone): Promise<Address>
  /** changes one of the shopper's addresses (its zone follows its place); undefined when it is not theirs */
  update(
    userId: number,
    id: number,
    changes: z.output<typeof addressPatchBody>,
    zoneOf: ZoneOf,
  ): Promise<Address | undefined>
  /** removes one of the shopper's addresses; false when it is not theirs */
  remove(userId: number, id: number): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    addressBook: AddressBookRepository
  }
}

const fields = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  division: addresses.division,
  district: addresses.district,
  area: addresses.area,
  street: addresses.street,
  landmark: addresses.landmark,
  zone: addresses.zone,
  isDefault: addresses.isDefault,
}

export function createAddressBookRepository(app: FastifyInstance): AddressBookRepository {
  const own = (id: number, userId: number) => and(eq(addresses.id, id), eq(addresses.userId, userId))
  return {
    list: (userId) =>
      app.db
        .select(fields)
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    async findOwn(id, userId) {
      const [row] = await app.db.select(fields).from(addresses).where(own(id, userId)).limit(1)
      return row
    },
    add(userId, address, zone) {
      return app.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .limit(1)
        // the first saved address is the default one
        const isDefault = address.isDefault || !existing
        if (isDefault)
          await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId))
        const [created] = await tx
          .insert(addresses)
          .values({ ...address, userId, zone, isDefault })
          .returning(fields)
        if (!created) throw new Error('address insert returned nothing')
        return created
      })
    },
    update(userId, id, changes, zoneOf) {
      return app.db.transaction(async (tx) => {
        const [current] = await tx.select(fields).from(addresses).where(own(id, userId)).for('update')
        if (!current) return undefined
        const zone = zoneOf({ ...current, ...changes })
        if (changes.isDefault) {
          await tx
            .update(addresses)
            .set({ isDefault: false })
            .where(and(eq(addresses.userId, userId), ne(addresses.id, current.id)))
        }
        const [updated] = await tx
          .update(addresses)
          .set({ ...changes, zone })
          .where(own(id, userId))
          .returning(fields)
        return updated
      })
    },
    async remove(userId, id) {
      const removed = await app.db.delete(addresses).where(own(id, userId)).returning({ id: addresses.id })
      return removed.length > 0
    },
  }
}

export default fp(
  async function addressBookRepository(app: FastifyInstance) {
    app.decorate('addressBook', createAddressBookRepository(app))
  },
  { name: 'address-book-repository', dependencies: ['context'] },
)
