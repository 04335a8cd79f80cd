import type { AdminOrder, OrderEditAnswer } from '../../contract/admin-orders'
import { t, taka } from '../../i18n'
import { AddressFields } from '../../ui/address-fields'
import { Field } from '../../ui/field'
import { orderChangeText } from '../../ui/order-changes'
import { OrderTotals } from '../../ui/order-totals'
import type { Draft, DraftLine } from './order-edit-draft'
import { zoneLabels } from './order-labels'

type LinesProps = {
  lines: readonly DraftLine[]
  /** the server's dry run, once it answered for this draft */
  shown: OrderEditAnswer | null
  lineError: (index: number) => string | undefined
  /** what is wrong with the lines as a whole */
  problem: string | undefined
  onQuantity: (index: number, quantity: string) => void
  onRemove: (index: number) => void
}

/** The order's lines: each with its price, quantity box and a way to take it out. */
export function EditLines({ lines, shown, lineError, problem, onQuantity, onRemove }: LinesProps) {
  return (
    <fieldset className="order-edit__lines">
      <legend>{t('admin-orders.edit-items')}</legend>
      <ul>
        {lines.map((line, index) => {
          const label = line.variant ? `${line.name} (${line.variant})` : line.name
          const priced = shown?.data.lines.find((l) => l.skuId === line.skuId)
          return (
            <li key={line.skuId}>
              <div className="order-edit__what">
                <span className="order-edit__name">{label}</span>
                <small>
                  {t('admin-orders.sku', { sku: line.sku })} ·{' '}
                  {t('admin-orders.edit-unit-price', {
                    price: taka(priced?.unitDiscountedPrice ?? line.price),
                  })}
                  {line.added && <> · {t('admin-orders.edit-new-line')}</>}
                </small>
              </div>
              <div className="order-edit__quantity">
                <Field
                  label={t('admin-orders.edit-quantity', { name: label })}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={3}
                  value={line.quantity}
                  onChange={(event) => onQuantity(index, event.target.value)}
                  error={lineError(index)}
                />
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('admin-orders.edit-remove-named', { name: label })}
                onClick={() => onRemove(index)}
              >
                {t('admin-orders.edit-remove')}
              </button>
            </li>
          )
        })}
      </ul>
      {problem && (
        <p className="auth-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}

type DeliveryProps = {
  order: AdminOrder
  draft: Pick<Draft, 'changeAddress' | 'address' | 'byHand' | 'charge'>
  patch: (change: Partial<Draft>) => void
  addressErrors: Record<string, string[]>
  chargeError: string | undefined
}

/** Where the order goes and what its delivery costs, both changed only when asked for. */
export function EditDelivery({ order, draft, patch, addressErrors, chargeError }: DeliveryProps) {
  return (
    <fieldset className="order-edit__section">
      <legend>{t('admin-orders.delivery')}</legend>
      <label className="order-edit__check">
        <input
          type="checkbox"
          checked={draft.changeAddress}
          onChange={(event) => patch({ changeAddress: event.target.checked, address: { ...order.address } })}
        />
        {t('admin-orders.edit-change-address')}
      </label>
      {draft.changeAddress && (
        <AddressFields
          value={draft.address}
          onChange={(address) => patch({ address })}
          errors={addressErrors}
          idPrefix="order-edit-address"
        />
      )}
      <label className="order-edit__check">
        <input
          type="checkbox"
          checked={draft.byHand}
          onChange={(event) =>
            patch({ byHand: event.target.checked, charge: String(order.totals.deliveryCharge) })
          }
        />
        {t('admin-orders.edit-charge-by-hand')}
      </label>
      {draft.byHand && (
        <Field
          label={t('admin-orders.edit-charge')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={draft.charge}
          onChange={(event) => patch({ charge: event.target.value })}
          error={chargeError}
        />
      )}
    </fieldset>
  )
}

type PreviewProps = {
  order: AdminOrder
  changed: boolean
  working: boolean
  shown: OrderEditAnswer | null
}

/** The total now, and the server's totals and list of changes for the draft. */
export function EditPreview({ order, changed, working, shown }: PreviewProps) {
  return (
    <section className="order-edit__preview" aria-labelledby="order-edit-preview">
      <h3 id="order-edit-preview">{t('admin-orders.edit-preview')}</h3>
      <p>{t('admin-orders.edit-total-now', { total: taka(order.totals.total) })}</p>
      <p className="admin-status" role="status">
        {!changed ? t('admin-orders.edit-unchanged') : working ? t('admin-orders.edit-working') : ''}
      </p>
      {shown && (
        <>
          <OrderTotals
            totals={shown.data.totals}
            deliveryLabel={t('admin-orders.delivery-charge', { zone: t(zoneLabels[shown.data.zone]) })}
            className="order-edit__totals"
          />
          {shown.meta.changes.length > 0 && (
            <>
              <h4>{t('admin-orders.edit-changes')}</h4>
              <ul className="order-edit__changes">
                {shown.meta.changes.map(orderChangeText).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  )
}
