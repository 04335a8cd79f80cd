import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CourierPlaceBody, CourierPlaceRow } from '../../../src/contract/couriers'
import type { OrderAddress } from '../../../src/contract/orders'
import type { Courier, CourierPlace } from '../../couriers/courier'
import { courierPlaces } from '../../db/schema'
import { sameName } from '../../domain/shipping'
import type { Actor } from '../audit'

/** Pathao's lists change rarely: a name guess reads them at most this often */
const LISTS_KEPT_MS = 6 * 60 * 60_000

export type CourierPlaces = {
  list(): Promise<CourierPlaceRow[]>
  /** keeps (or, with `pathao: null`, forgets) what Pathao calls one of our places; answers the whole list */
  save(body: CourierPlaceBody, actor: Actor): Promise<CourierPlaceRow[]>
  /**
   * Where Pathao delivers an address: the owner's mapping, else a first guess by name (Pathao's city named as
   * our district, its zone as our area), else null (Pathao reads the address text).
   */
  forAddress(address: OrderAddress): Promise<CourierPlace | null>
}

const columns = {
  division: courierPlaces.division,
  district: courierPlaces.district,
  area: courierPlaces.area,
  cityId: courierPlaces.cityId,
  cityName: courierPlaces.cityName,
  zoneId: courierPlaces.zoneId,
  zoneName: courierPlaces.zoneName,
  areaId: courierPlaces.areaId,
  areaName: courierPlaces.areaName,
}

export function createCourierPlaces(app: FastifyInstance, pathao: Courier | undefined): CourierPlaces {
  const list = () =>
    app.db
      .select(columns)
      .from(courierPlaces)
      .where(eq(courierPlaces.courier, 'pathao'))
      .orderBy(asc(courierPlaces.division), asc(courierPlaces.district), asc(courierPlaces.area))

  let cities: { at: number; list: Promise<{ id: number; name: string }[]> } | null = null
  const zones = new Map<number, { at: number; list: Promise<{ id: number; name: string }[]> }>()
  const kept = <T>(entry: { at: number; list: Promise<T> } | null | undefined) =>
    entry && app.clock.now().getTime() - entry.at < LISTS_KEPT_MS ? entry.list : null

  /** A guess from Pathao's lists by name; a list Pathao does not give now is no guess (and is asked again). */
  async function guess(address: OrderAddress): Promise<CourierPlace | null> {
    const places = pathao?.places
    if (!places) return null
    try {
      const at = app.clock.now().getTime()
      let cityList = kept(cities)
      if (!cityList) {
        cityList = places.cities()
        cities = { at, list: cityList }
      }
      const city = sameName(address.district, await cityList)
      if (!city) return null
      let zoneList = kept(zones.get(city.id))
      if (!zoneList) {
        zoneList = places.zones(city.id)
        zones.set(city.id, { at, list: zoneList })
      }
      const zone = sameName(address.area, await zoneList)
      return zone ? { cityId: city.id, zoneId: zone.id, areaId: null } : null
    } catch (error) {
      cities = null
      zones.clear()
      app.log.warn({ error: (error as Error).message }, "Pathao's place lists could not be read")
      return null
    }
  }

  return {
    list,

    async save(body, actor) {
      const place = { division: body.division, district: body.district, area: body.area }
      const where = and(
        eq(courierPlaces.courier, 'pathao'),
        eq(courierPlaces.division, place.division),
        eq(courierPlaces.district, place.district),
        eq(courierPlaces.area, place.area),
      )
      await app.db.transaction(async (tx) => {
        const [before] = await tx.select(columns).from(courierPlaces).where(where)
        if (body.pathao) {
          const values = { ...body.pathao, updatedBy: actor.staffId, updatedAt: app.clock.now() }
          await tx
            .insert(courierPlaces)
            .values({ courier: 'pathao', ...place, ...values })
            .onConflictDoUpdate({
              target: [
                courierPlaces.courier,
                courierPlaces.division,
                courierPlaces.district,
                courierPlaces.area,
              ],
              set: values,
            })
        } else {
          await tx.delete(courierPlaces).where(where)
        }
        await app.audit.record(
          actor,
          {
            action: body.pathao ? 'courier-place.save' : 'courier-place.remove',
            objectType: 'courier-place',
            objectId: `${place.district}/${place.area}`,
            before: before ?? null,
            after: body.pathao ? { ...place, ...body.pathao } : null,
          },
          tx,
        )
      })
      return list()
    },

    async forAddress(address) {
      const [mapped] = await app.db
        .select({ cityId: courierPlaces.cityId, zoneId: courierPlaces.zoneId, areaId: courierPlaces.areaId })
        .from(courierPlaces)
        .where(
          and(
            eq(courierPlaces.courier, 'pathao'),
            eq(courierPlaces.division, address.division),
            eq(courierPlaces.district, address.district),
            eq(courierPlaces.area, address.area),
          ),
        )
      return mapped ?? guess(address)
    },
  }
}
