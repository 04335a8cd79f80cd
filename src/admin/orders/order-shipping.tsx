import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { AdminOrder } from '../../contract/admin-orders'
import { COURIER_LABELS, type CourierName, type ShipResult } from '../../contract/couriers'
import { t } from '../../i18n'
import { staffSessionQuery } from '../admin-api'
import { couriersApi, couriersQuery } from '../couriers-api'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import { may } from '../roles'
import { statusName } from './order-labels'
import { ShipmentState } from './order-shipment-state'
import { orderKeys, orderQuery } from './orders-api'
import './couriers.css'

/** how often the page reads the order again while its booking is on its way to the courier */
const BOOKING_POLL_MS = 3_000

/** orders a courier may be sent for (server/domain/shipping.ts) */
export const canSendToCourier = (status: string) => status === 'confirmed' || status === 'packed'

/** "Not sent: HT-… (Shipped)": the orders a send left, and why */
export function skippedText(result: ShipResult, numberOf: (id: number) => string): string | null {
  if (result.skipped.length === 0) return null
  return t('admin-couriers.skipped', {
    count: result.skipped.length,
    names: result.skipped.map(({ id, status }) => `${numberOf(id)} (${shipmentWord(status)})`).join(', '),
  })
}

const shipmentWord = (status: string) =>
  status === 'queued'
    ? t('admin-couriers.state-queued')
    : status === 'booked'
      ? t('admin-couriers.state-booked')
      : status === 'not-found'
        ? t('admin-couriers.not-found')
        : statusName(status)

/**
 * Sending the order's parcel with Pathao or Steadfast (those the shop has set up), and where the booking stands:
 * queued, booked with its consignment and tracking code, or refused with the courier's words and a way to send
 * it again. The page reads the order again while a booking is on its way.
 */
export function OrderShipping({ order }: { order: AdminOrder }) {
  const queryClient = useQueryClient()
  const couriers = useQuery(couriersQuery)
  const session = useQuery(staffSessionQuery)
  const shipment = order.shipment ?? null
  useQuery({
    ...orderQuery(order.id),
    refetchInterval: shipment?.state === 'queued' ? BOOKING_POLL_MS : false,
  })
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)

  const send = useMutation({
    mutationFn: (courier: CourierName) => couriersApi.ship({ ids: [order.id], courier }),
    meta: { silent: true },
    onMutate: () => {
      setProblem(null)
      setStatus(null)
    },
    onSuccess: (result, courier) => {
      const skipped = skippedText(result, () => order.number)
      if (skipped) setProblem(skipped)
      else setStatus(t('admin-couriers.queued-one', { courier: COURIER_LABELS[courier] }))
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) })
    },
    onError: (failure) => {
      const { fields, form } = formErrors(failure, [])
      setProblem(form ?? Object.values(fields)[0] ?? null)
    },
  })

  const ready = (couriers.data ?? []).filter((courier) => courier.configured)
  const open = canSendToCourier(order.status) && (!shipment || shipment.state === 'failed')
  const mapsPlaces = ready.some((courier) => courier.places) && may(session.data?.staff, 'couriers.places')
  if (!shipment && (ready.length === 0 || !canSendToCourier(order.status))) return null

  return (
    <section className="admin-panel order-shipping" aria-labelledby="order-shipping-title">
      <h2 id="order-shipping-title">{t('admin-couriers.title')}</h2>
      {shipment && <ShipmentState shipment={shipment} />}
      {open && ready.length > 0 && (
        <div className="admin-actions">
          {ready.map((courier) => (
            <button
              key={courier.name}
              type="button"
              className="button"
              disabled={send.isPending}
              onClick={() => send.mutate(courier.name)}
            >
              {shipment
                ? t('admin-couriers.send-again', { courier: courier.label })
                : t('admin-couriers.send', { courier: courier.label })}
            </button>
          ))}
        </div>
      )}
      <FormAlert message={problem} />
      <LiveStatus message={send.isPending ? t('admin-couriers.sending') : status} />
      {mapsPlaces && (
        <Link {...adminLink('orders/courier-places')} className="order-shipping__places">
          {t('admin-couriers.places-link')}
        </Link>
      )}
    </section>
  )
}
