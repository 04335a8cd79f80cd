import { useQuery } from '@tanstack/react-query'
import { advanceWallets, type StaffOrderQuote } from '../../../contract/admin-order-create'
import { figure, t, taka } from '../../../i18n'
import { normalizeBdPhone } from '../../../lib/phone'
import { AddressFields } from '../../../ui/address-fields'
import { Field, phoneInputProps } from '../../../ui/field'
import { OrderTotals } from '../../../ui/order-totals'
import { SelectField } from '../../form-parts'
import { sourceLabels } from '../../order-sources'
import { zoneLabels } from '../order-labels'
import { numberQuery } from './take-order-api'
import { type TakeForm, takeSources } from './take-order-form'

type PartProps = {
  form: TakeForm
  patch: (change: Partial<TakeForm>) => void
  errorOf: (field: string) => string | undefined
}

const walletLabels = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
} as const satisfies Record<(typeof advanceWallets)[number], string>

/** Where the order came from, and the language its texts are sent in. */
export function TakeSource({ form, patch, errorOf }: PartProps) {
  return (
    <div className="take-order__pair">
      <SelectField
        label={t('admin-orders.take-source')}
        value={form.source}
        onChange={(event) => patch({ source: event.target.value as TakeForm['source'] })}
        error={errorOf('source')}
      >
        {takeSources.map((source) => (
          <option key={source} value={source}>
            {t(sourceLabels[source])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin-orders.take-language')}
        value={form.language}
        onChange={(event) => patch({ language: event.target.value === 'en' ? 'en' : 'bn' })}
      >
        <option value="bn">বাংলা</option>
        <option value="en">English</option>
      </SelectField>
    </div>
  )
}

/** The customer: their number first (what the shop knows of it is shown), then their name. */
export function TakeCustomer({ form, patch, errorOf }: PartProps) {
  const phone = normalizeBdPhone(form.phone)
  const known = useQuery({ ...numberQuery(phone ?? ''), enabled: phone !== null })
  const facts = phone ? known.data : undefined
  return (
    <fieldset className="take-order__section">
      <legend>{t('admin-orders.customer')}</legend>
      <Field
        label={t('admin-orders.take-phone')}
        {...phoneInputProps}
        value={form.phone}
        onChange={(event) => patch({ phone: event.target.value })}
        error={errorOf('customer.phone')}
      />
      <div role="status" className="take-order__known">
        {facts &&
          (facts.record.orders === 0 && !facts.name ? (
            <p>{t('admin-orders.take-new-customer')}</p>
          ) : (
            <p>
              {t('admin-orders.take-known', {
                name: facts.name ?? '',
                orders: figure(facts.record.orders),
                delivered: figure(facts.record.delivered),
                cancelled: figure(facts.record.cancelled),
                returned: figure(facts.record.returned),
              })}
            </p>
          ))}
        {facts?.blocked && <p className="auth-error">{t('admin-orders.take-blocked')}</p>}
      </div>
      {facts?.name && facts.name !== form.name.trim() && (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => patch({ name: facts.name ?? '' })}
        >
          {t('admin-orders.take-use-name', { name: facts.name })}
        </button>
      )}
      <Field
        label={t('admin-orders.take-name')}
        autoComplete="off"
        maxLength={100}
        value={form.name}
        onChange={(event) => patch({ name: event.target.value })}
        error={errorOf('customer.name')}
      />
      {facts && facts.addresses.length > 0 && (
        <ul className="take-order__addresses" aria-label={t('admin-orders.take-addresses')}>
          {facts.addresses.map((address) => {
            const place = [address.street, address.area, address.district].join(', ')
            return (
              <li key={place}>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() =>
                    patch({
                      address: { ...form.address, ...address, landmark: address.landmark ?? '' },
                      ...(form.name.trim() ? {} : { name: address.name }),
                    })
                  }
                >
                  {t('admin-orders.take-deliver-to', { place })}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}

/** The order's lines: each with today's price, its stock, a quantity box and a way to take it out. */
export function TakeLines({ form, patch, errorOf, quote }: PartProps & { quote: StaffOrderQuote | null }) {
  if (form.lines.length === 0) {
    return <p className="admin-status">{errorOf('lines') ?? t('admin-orders.take-no-lines')}</p>
  }
  return (
    <ul className="take-order__lines">
      {form.lines.map((line, index) => {
        const priced = quote?.lines.find((l) => l.skuId === line.skuId)
        const name = line.name || priced?.name || `#${line.skuId}`
        const variant = line.variant || [priced?.size, priced?.colour].filter(Boolean).join(', ')
        const label = variant ? `${name} (${variant})` : name
        return (
          <li key={line.skuId}>
            <div className="take-order__what">
              <span>{label}</span>
              <small>
                {t('admin-orders.sku', { sku: line.sku || priced?.sku || '' })} ·{' '}
                {t('admin-orders.edit-unit-price', {
                  price: taka(priced?.unitDiscountedPrice ?? line.price),
                })}
                {priced && <> · {t('admin-orders.take-stock', { stock: figure(priced.stock) })}</>}
              </small>
              {priced?.problem && <small className="auth-error">{priced.problem}</small>}
            </div>
            <Field
              label={t('admin-orders.edit-quantity', { name: label })}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={line.quantity}
              onChange={(event) =>
                patch({
                  lines: form.lines.map((l, i) => (i === index ? { ...l, quantity: event.target.value } : l)),
                })
              }
              error={errorOf(`lines.${index}`)}
            />
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t('admin-orders.edit-remove-named', { name: label })}
              onClick={() => patch({ lines: form.lines.filter((_, i) => i !== index) })}
            >
              {t('admin-orders.edit-remove')}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** Where the parcel goes: the same division, district and area lists as checkout. */
export function TakeDelivery({ form, patch, said }: PartProps & { said: Record<string, string[]> }) {
  const errors: Record<string, string[]> = { ...said }
  return (
    <fieldset className="take-order__section">
      <legend>{t('admin-orders.delivery')}</legend>
      <AddressFields
        value={form.address}
        onChange={(address) => patch({ address })}
        errors={errors}
        withContact={false}
        idPrefix="take-address"
      />
    </fieldset>
  )
}

/** A coupon, the shop's own discount with its reason, and how the order is paid. */
export function TakeMoney({ form, patch, errorOf, couponError }: PartProps & { couponError: string | null }) {
  return (
    <fieldset className="take-order__section">
      <legend>{t('admin-orders.take-money')}</legend>
      <Field
        label={t('admin-orders.coupon')}
        autoComplete="off"
        maxLength={40}
        value={form.coupon}
        onChange={(event) => patch({ coupon: event.target.value })}
        error={errorOf('coupon') ?? (form.coupon.trim() ? couponError : null)}
      />
      <div className="take-order__pair">
        <Field
          label={t('admin-orders.take-discount')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={9}
          value={form.discount}
          onChange={(event) => patch({ discount: event.target.value })}
          error={errorOf('manualDiscount.amount')}
        />
        <Field
          label={t('admin-orders.take-discount-reason')}
          autoComplete="off"
          maxLength={200}
          value={form.discountReason}
          onChange={(event) => patch({ discountReason: event.target.value })}
          error={errorOf('manualDiscount.reason')}
        />
      </div>
      <fieldset className="take-order__paid">
        <legend>{t('admin-orders.take-paid-by')}</legend>
        <label>
          <input
            type="radio"
            name="take-paid-by"
            checked={form.paidBy === 'cod'}
            onChange={() => patch({ paidBy: 'cod' })}
          />
          {t('admin-orders.take-cod')}
        </label>
        <label>
          <input
            type="radio"
            name="take-paid-by"
            checked={form.paidBy === 'advance'}
            onChange={() => patch({ paidBy: 'advance' })}
          />
          {t('admin-orders.take-advance')}
        </label>
      </fieldset>
      {form.paidBy === 'advance' && (
        <div className="take-order__pair">
          <SelectField
            label={t('admin-orders.take-wallet')}
            value={form.wallet}
            onChange={(event) => patch({ wallet: event.target.value as TakeForm['wallet'] })}
            error={errorOf('advance.wallet')}
          >
            {advanceWallets.map((wallet) => (
              <option key={wallet} value={wallet}>
                {walletLabels[wallet]}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('admin-orders.take-trxid')}
            autoComplete="off"
            maxLength={20}
            value={form.transactionId}
            onChange={(event) => patch({ transactionId: event.target.value })}
            error={errorOf('advance.transactionId')}
          />
          <Field
            label={t('admin-orders.take-advance-amount')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={9}
            value={form.advance}
            onChange={(event) => patch({ advance: event.target.value })}
            error={errorOf('advance.amount')}
          />
        </div>
      )}
    </fieldset>
  )
}

/** The server's price of the order so far, and what the courier collects. */
export function TakeSummary({
  form,
  quote,
  working,
}: {
  form: TakeForm
  quote: StaffOrderQuote | null
  working: boolean
}) {
  const advance = form.paidBy === 'advance' ? Number(form.advance) || 0 : 0
  return (
    <section className="take-order__summary" aria-labelledby="take-order-summary">
      <h2 id="take-order-summary">{t('admin-orders.take-summary')}</h2>
      <p className="admin-status" role="status">
        {working ? t('admin-orders.edit-working') : ''}
      </p>
      {!quote && <p>{t('admin-orders.take-no-lines')}</p>}
      {quote && (
        <>
          <OrderTotals
            totals={quote.totals}
            deliveryLabel={
              quote.zone
                ? t('admin-orders.delivery-charge', { zone: t(zoneLabels[quote.zone]) })
                : t('admin-orders.take-delivery-unknown')
            }
          />
          <p data-testid="take-collect">
            {t('admin-orders.take-collect', { amount: taka(Math.max(0, quote.totals.total - advance)) })}
          </p>
        </>
      )}
    </section>
  )
}
