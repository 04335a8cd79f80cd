import { deliveryZones } from '../../contract/addresses'
import { paymentStatus } from '../../contract/admin-orders'
import { dayBounds } from '../../contract/days'
import { paymentMethods } from '../../contract/orders'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { SelectField } from '../form-parts'
import { ListFilters } from '../list/admin-list'
import { methodName, paymentStatusLabels, zoneLabels } from './order-labels'
import { type OrderListView, orderListView } from './order-list-search'

type Props = { view: OrderListView; onApply: (view: OrderListView) => void }

/** The search box and the filters; the status tab stays as chosen, the page goes back to the first. */
export function OrderFilters({ view, onApply }: Props) {
  const submit = (form: FormData) => {
    const value = (name: string) => String(form.get(name) ?? '').trim()
    onApply(
      orderListView({
        q: value('q'),
        status: view.status,
        paymentMethod: value('paymentMethod'),
        paymentStatus: value('paymentStatus'),
        zone: value('zone'),
        from: value('from'),
        to: value('to'),
      }),
    )
  }
  // a method the address names that the shop no longer offers stays choosable
  const methods = [...new Set([...paymentMethods, ...(view.paymentMethod ? [view.paymentMethod] : [])])]

  return (
    <ListFilters
      className="order-filters"
      label={t('admin-orders.filters')}
      onSubmit={submit}
      onClear={() => onApply(orderListView({ status: view.status }))}
      applyLabel={t('admin-orders.apply')}
      clearLabel={t('admin-orders.clear')}
    >
      <div className="order-filters__search">
        <Field
          label={t('admin-orders.search')}
          name="q"
          type="search"
          defaultValue={view.q ?? ''}
          placeholder={t('admin-orders.search-hint')}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <SelectField
        label={t('admin-orders.filter-method')}
        name="paymentMethod"
        defaultValue={view.paymentMethod ?? ''}
      >
        <option value="">{t('admin-orders.any')}</option>
        {methods.map((method) => (
          <option key={method} value={method}>
            {methodName(method)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin-orders.filter-payment')}
        name="paymentStatus"
        defaultValue={view.paymentStatus ?? ''}
      >
        <option value="">{t('admin-orders.any')}</option>
        {paymentStatus.options.map((status) => (
          <option key={status} value={status}>
            {t(paymentStatusLabels[status])}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('admin-orders.filter-zone')} name="zone" defaultValue={view.zone ?? ''}>
        <option value="">{t('admin-orders.any')}</option>
        {deliveryZones.map((zone) => (
          <option key={zone} value={zone}>
            {t(zoneLabels[zone])}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('admin-orders.filter-from')}
        name="from"
        type="date"
        {...dayBounds}
        defaultValue={view.from ?? ''}
      />
      <Field
        label={t('admin-orders.filter-to')}
        name="to"
        type="date"
        {...dayBounds}
        defaultValue={view.to ?? ''}
      />
    </ListFilters>
  )
}
