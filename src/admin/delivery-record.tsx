import type { DeliveryRecord, RiskLevel } from '../contract/admin-delivery-record'
import { figure, type MessageKey, msg, t, taka } from '../i18n'
import { CourierRecords } from './courier-records'
import type { CourierRecordsOf } from './couriers-api'

export const riskTexts = {
  new: msg('admin-orders.risk-new'),
  low: msg('admin-orders.risk-low'),
  medium: msg('admin-orders.risk-medium'),
  high: msg('admin-orders.risk-high'),
} as const satisfies Record<RiskLevel, MessageKey>

/**
 * How a number's orders ended and how likely its next parcel on delivery is to come back (the server's
 * record, src/contract/admin-delivery-record.ts), with the couriers' record of it on demand: an order's page
 * and a customer's. A number brought from the shop's previous platform shows what its orders there came to.
 */
export function DeliveryRecordView({
  record,
  of,
  title,
}: {
  record: DeliveryRecord
  of: CourierRecordsOf
  title: string
}) {
  return (
    <div className={`delivery-record delivery-record--${record.risk}`}>
      <h3>{title}</h3>
      <ul>
        <li>{t('admin-orders.record-orders', { count: record.orders, shown: figure(record.orders) })}</li>
        <li>{t('admin-orders.record-delivered', { shown: figure(record.delivered) })}</li>
        <li>{t('admin-orders.record-cancelled', { shown: figure(record.cancelled) })}</li>
        <li>{t('admin-orders.record-returned', { shown: figure(record.returned) })}</li>
        <li>{t('admin-orders.record-refused', { shown: figure(record.refusals) })}</li>
      </ul>
      {record.previous && (
        <p className="delivery-record__previous">
          {t('admin-orders.record-previous', {
            count: record.previous.orders,
            shown: figure(record.previous.orders),
            delivered: figure(record.previous.delivered),
            cancelled: figure(record.previous.cancelled),
            returned: figure(record.previous.returned),
            spent: taka(record.previous.totalSpent),
          })}
        </p>
      )}
      <p className="delivery-record__risk">{t(riskTexts[record.risk])}</p>
      <CourierRecords of={of} />
    </div>
  )
}
