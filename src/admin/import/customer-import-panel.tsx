import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerImportResult,
  type CustomerImportSource,
} from '../../contract/admin-customer-import'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { quiet } from '../admin-api'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { importCustomers } from './import-api'

const MB = 1024 * 1024

const sourceTexts = {
  shopify_customers: msg('admin-import.source-shopify-customers'),
  shopify_orders: msg('admin-import.source-shopify-orders'),
  woocommerce_customers: msg('admin-import.source-woocommerce-customers'),
  woocommerce_orders: msg('admin-import.source-woocommerce-orders'),
} as const satisfies Record<CustomerImportSource, MessageKey>

/**
 * Customers from another shop: a Shopify or WooCommerce customers (or orders) export, checked first (nothing
 * saved), then imported; what it found, and the rows left out for want of a Bangladeshi mobile number.
 */
export function CustomerImportPanel() {
  const fileInput = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const run = useMutation({
    mutationFn: ({ csv, dryRun }: { csv: File; dryRun: boolean }) => importCustomers(csv, dryRun),
    meta: quiet,
    onMutate: () => setProblem(null),
    onError: (error) => {
      const errors = formErrors(error, ['file'])
      setProblem(errors.fields.file ?? errors.form)
    },
  })

  const submit = (dryRun: boolean) => (event?: FormEvent) => {
    event?.preventDefault()
    const csv = fileInput.current?.files?.[0]
    if (!csv) {
      setProblem(t('admin-import.choose-file'))
      return
    }
    run.mutate({ csv, dryRun })
  }

  return (
    <section className="admin-panel" aria-labelledby="customer-import">
      <h2 id="customer-import">{t('admin-import.customers-title')}</h2>
      <p>{t('admin-import.customers-about')}</p>
      <p>
        {t('admin-import.customers-limits', {
          rows: figure(CUSTOMER_IMPORT_MAX_ROWS),
          size: figure(CUSTOMER_IMPORT_MAX_BYTES / MB),
        })}
      </p>
      <form className="import-form" onSubmit={submit(true)}>
        <label className="import-field">
          <span className="import-field__label">{t('admin-import.customers-label')}</span>
          <input ref={fileInput} type="file" name="file" accept=".csv,text/csv" disabled={run.isPending} />
        </label>
        <FormAlert message={problem} />
        <div className="import-actions">
          <button type="submit" className="button" disabled={run.isPending}>
            {t('admin-import.customers-check')}
          </button>
          <button type="button" className="button" disabled={run.isPending} onClick={submit(false)}>
            {t('admin-import.customers-import')}
          </button>
        </div>
      </form>
      <LiveStatus
        message={run.isPending ? t('admin-import.sending') : run.data ? t('admin-import.finished') : null}
      />
      {run.data && !run.isPending && <CustomerImportResultView result={run.data} />}
    </section>
  )
}

function CustomerImportResultView({ result }: { result: CustomerImportResult }) {
  const counts = [
    [t('admin-import.count-new-customers'), result.created],
    [t('admin-import.count-known-customers'), result.updated],
    [t('admin-import.count-merged'), result.merged],
    [t('admin-import.count-skipped'), result.skippedCount],
    [t('admin-import.count-notes'), result.notes],
    ...(result.orders > 0 ? ([[t('admin-import.count-orders'), result.orders]] as const) : []),
  ] as const
  return (
    <section aria-labelledby="customer-import-result">
      <h3 id="customer-import-result">
        {result.dryRun ? t('admin-import.result-checked') : t('admin-import.result-imported')}
      </h3>
      <p>
        {t(sourceTexts[result.source])}{' '}
        {t('admin-import.rows-read', { count: result.rowsRead, shown: figure(result.rowsRead) })}
      </p>
      <dl className="import-counts">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{figure(value)}</dd>
          </div>
        ))}
      </dl>
      {result.skippedCount > 0 && (
        <>
          <h4>
            {t('admin-import.skipped-title', {
              count: result.skippedCount,
              shown: figure(result.skippedCount),
            })}
          </h4>
          {result.skippedCount > result.skipped.length && (
            <p>{t('admin-import.skipped-first', { shown: figure(result.skipped.length) })}</p>
          )}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard */}
          <section className="import-errors" aria-label={t('admin-import.skipped-table')} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('admin-import.column-row')}</th>
                  <th scope="col">{t('admin-import.column-who')}</th>
                  <th scope="col">{t('admin-import.column-field')}</th>
                  <th scope="col">{t('admin-import.column-message')}</th>
                </tr>
              </thead>
              <tbody>
                {result.skipped.map((skip) => (
                  <tr key={`${skip.row}-${skip.field}`}>
                    <td>{figure(skip.row)}</td>
                    <td>{skip.who}</td>
                    <td>{skip.field}</td>
                    <td>{skip.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  )
}
