import { queryOptions } from '@tanstack/react-query'
import {
  type CourierPlaceBody,
  courierPlacesAnswer,
  courierRecordsAnswer,
  couriersAnswer,
  pathaoPlacesAnswer,
  type ShipBody,
  shipAnswer,
} from '../contract/couriers'
import { adminKeys, adminRead, adminWrite, quiet } from './admin-api'

/**
 * Sending parcels with the couriers (src/contract/couriers.ts): what the shop has set up, Pathao's places, and
 * what the couriers know of a number (asked from an order's page and a customer's).
 */
export const courierKeys = {
  all: () => [...adminKeys.all, 'couriers'] as const,
  list: () => [...courierKeys.all(), 'list'] as const,
  places: () => [...courierKeys.all(), 'places'] as const,
  records: (of: CourierRecordsOf) => [...courierKeys.all(), 'records', of.kind, of.id] as const,
  pathao: (list: 'cities' | 'zones' | 'areas', id?: number) =>
    [...courierKeys.all(), 'pathao', list, id ?? 0] as const,
}

/** The couriers the shop can book with: known for the whole visit (they change with the server's settings). */
export const couriersQuery = queryOptions({
  queryKey: courierKeys.list(),
  queryFn: ({ signal }) => adminRead('/admin/couriers', couriersAnswer, signal).then((answer) => answer.data),
  staleTime: 10 * 60_000,
  meta: quiet,
})

export const courierPlacesQuery = queryOptions({
  queryKey: courierKeys.places(),
  queryFn: ({ signal }) =>
    adminRead('/admin/couriers/places', courierPlacesAnswer, signal).then((answer) => answer.data),
  staleTime: 30_000,
  meta: quiet,
})

const pathaoPaths = { cities: 'cities', zones: 'zones/', areas: 'areas/' } as const

/** One of Pathao's place lists (cities; a city's zones; a zone's areas), read through the server. */
export const pathaoPlacesQuery = (list: 'cities' | 'zones' | 'areas', id?: number) =>
  queryOptions({
    queryKey: courierKeys.pathao(list, id),
    queryFn: ({ signal }) =>
      adminRead(
        `/admin/couriers/pathao/${pathaoPaths[list]}${list === 'cities' ? '' : id}`,
        pathaoPlacesAnswer,
        signal,
      ).then((answer) => answer.data),
    staleTime: 60 * 60_000,
    enabled: list === 'cities' || Boolean(id),
    meta: quiet,
  })

export const couriersApi = {
  ship: (body: ShipBody) =>
    adminWrite('post', '/admin/orders/ship', shipAnswer, body).then((answer) => answer.data),
  savePlace: (body: CourierPlaceBody) =>
    adminWrite('put', '/admin/couriers/places', courierPlacesAnswer, body).then((answer) => answer.data),
}

/** Whose number the couriers are asked about: an order's, or a customer's. */
export type CourierRecordsOf = { kind: 'order' | 'customer'; id: number }

/** The number as the couriers know it across their merchants: asked only when staff ask (each ask counts). */
export const courierRecordsQuery = (of: CourierRecordsOf) =>
  queryOptions({
    queryKey: courierKeys.records(of),
    queryFn: ({ signal }) =>
      adminRead(`/admin/${of.kind}s/${of.id}/courier-records`, courierRecordsAnswer, signal).then(
        (answer) => answer.data,
      ),
    staleTime: 30 * 60_000,
    meta: quiet,
  })
