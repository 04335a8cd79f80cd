import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client'
import type { Actor } from '../audit'
import type { OrderRow } from '../orders'
import { transition } from './transition'

const COURIER: Actor = { staffId: null, ip: null }

/** A courier's word that a shipped parcel was delivered or came back: the order follows it. */
export async function courierSaid(
  app: FastifyInstance,
  tx: Tx,
  order: OrderRow,
  to: 'delivered' | 'returned',
  said: string,
): Promise<void> {
  const change =
    to === 'delivered'
      ? { to, version: order.version, note: said }
      : { to, version: order.version, reason: said }
  await transition(app, tx, order, { kind: 'move', change }, COURIER)
}

/** A parcel booked with a courier: the order is shipped with its tracking number (packed first, when confirmed). */
export async function shipBooked(
  app: FastifyInstance,
  tx: Tx,
  row: OrderRow,
  shipment: { courier: string; trackingNumber: string },
  actor: Actor,
): Promise<void> {
  let order = row
  if (order.status === 'confirmed') {
    order = (
      await transition(
        app,
        tx,
        order,
        { kind: 'move', change: { to: 'packed', version: order.version } },
        actor,
      )
    ).order
  }
  const change = { to: 'shipped' as const, version: order.version, ...shipment }
  await transition(app, tx, order, { kind: 'move', change }, actor)
}
