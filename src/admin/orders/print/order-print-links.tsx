import { Link } from '@tanstack/react-router'
import { t } from '../../../i18n'
import { orderPrintLink } from './print-link'
import './order-print.css'

/** The order page's way to its invoice and its courier label. */
export function OrderPrintLinks({ id }: { id: number }) {
  return (
    <p className="order-print-links">
      <Link {...orderPrintLink([id], 'invoice')} className="button button--ghost button--small">
        {t('admin-orders.print-invoice')}
      </Link>
      <Link {...orderPrintLink([id], 'label')} className="button button--ghost button--small">
        {t('admin-orders.print-label')}
      </Link>
    </p>
  )
}
