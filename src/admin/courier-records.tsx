import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { COURIER_LABELS } from '../contract/couriers'
import { figure, t } from '../i18n'
import { type CourierRecordsOf, courierRecordsQuery, couriersQuery } from './couriers-api'

/**
 * The number's parcels with the couriers across all their merchants (Steadfast's fraud check), beside the
 * shop's own record (an order's page, a customer's): asked when the staff press the button, as each ask counts
 * against the courier's limits.
 */
export function CourierRecords({ of }: { of: CourierRecordsOf }) {
  const couriers = useQuery(couriersQuery).data ?? []
  const [asked, setAsked] = useState(false)
  const records = useQuery({ ...courierRecordsQuery(of), enabled: asked })
  if (!couriers.some((courier) => courier.configured && courier.records)) return null
  if (!asked) {
    return (
      <button type="button" className="button button--ghost" onClick={() => setAsked(true)}>
        {t('admin-orders.records-ask')}
      </button>
    )
  }
  if (records.isPending) {
    return (
      <p role="status" aria-busy="true">
        {t('admin-orders.records-asking')}
      </p>
    )
  }
  const answers = records.data ?? []
  return (
    <ul className="courier-records" aria-label={t('admin-orders.records-title')}>
      {records.isError && <li role="alert">{t('admin-orders.records-failed')}</li>}
      {answers.map(({ courier, record }) => (
        <li key={courier}>
          {record
            ? t('admin-orders.records-line', {
                courier: COURIER_LABELS[courier],
                total: figure(record.total),
                delivered: figure(record.delivered),
                cancelled: figure(record.cancelled),
                reports: figure(record.reports),
              })
            : t('admin-orders.records-unknown', { courier: COURIER_LABELS[courier] })}
        </li>
      ))}
    </ul>
  )
}
