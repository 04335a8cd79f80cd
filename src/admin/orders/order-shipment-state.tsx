import { COURIER_LABELS, type CourierStatus, type Shipment } from '../../contract/couriers'
import { type MessageKey, msg, t, taka } from '../../i18n'

const courierStatusLabels: Record<CourierStatus, MessageKey> = {
  booked: msg('admin-couriers.status-booked'),
  in_transit: msg('admin-couriers.status-in-transit'),
  delivered: msg('admin-couriers.status-delivered'),
  partly_delivered: msg('admin-couriers.status-partly-delivered'),
  returned: msg('admin-couriers.status-returned'),
  cancelled: msg('admin-couriers.status-cancelled'),
  on_hold: msg('admin-couriers.status-on-hold'),
  unknown: msg('admin-couriers.status-unknown'),
}

/** Where the order's booking stands: on its way to the courier, refused (with the courier's words), or booked. */
export function ShipmentState({ shipment }: { shipment: Shipment }) {
  const courier = COURIER_LABELS[shipment.courier]
  if (shipment.state === 'queued') {
    return (
      <div className="order-shipping__state">
        <p>
          <span className="admin-tag order-shipping__tag">{t('admin-couriers.state-queued')}</span>{' '}
          {t('admin-couriers.queued', { courier })}
        </p>
        {shipment.error && (
          <p className="order-shipping__note">{t('admin-couriers.retrying', { said: shipment.error })}</p>
        )}
      </div>
    )
  }
  if (shipment.state === 'failed') {
    return (
      <div className="order-shipping__state">
        <p>
          <span className="admin-tag admin-tag--warn order-shipping__tag">
            {t('admin-couriers.state-failed')}
          </span>{' '}
          {t('admin-couriers.failed', { courier })}
        </p>
        <p className="order-shipping__refusal" data-testid="shipment-error">
          {shipment.error}
        </p>
      </div>
    )
  }
  return (
    <dl className="admin-facts" data-testid="shipment">
      <dt>{t('admin-couriers.courier')}</dt>
      <dd>{courier}</dd>
      <dt>{t('admin-couriers.consignment')}</dt>
      <dd>{shipment.consignmentId}</dd>
      <dt>{t('admin-couriers.tracking-code')}</dt>
      <dd>
        {shipment.trackingUrl ? (
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            {shipment.trackingCode}
            <span className="visually-hidden"> {t('admin-couriers.opens-courier', { courier })}</span>
          </a>
        ) : (
          shipment.trackingCode
        )}
      </dd>
      {shipment.status && (
        <>
          <dt>{t('admin-couriers.parcel-status')}</dt>
          <dd>
            {t(courierStatusLabels[shipment.status])}
            {shipment.raw && <small className="order-shipping__raw"> ({shipment.raw})</small>}
          </dd>
        </>
      )}
      <dt>{t('admin-couriers.collect')}</dt>
      <dd>{taka(shipment.codAmount)}</dd>
      {shipment.fee !== null && (
        <>
          <dt>{t('admin-couriers.fee')}</dt>
          <dd>{taka(shipment.fee)}</dd>
        </>
      )}
      {shipment.error && (
        <>
          <dt>{t('admin-couriers.note')}</dt>
          <dd>{shipment.error}</dd>
        </>
      )}
    </dl>
  )
}
