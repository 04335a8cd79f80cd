import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import {
  IMPORT_MAX_CSV_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_ZIP_BYTES,
  IMPORT_MAX_ZIP_ENTRIES,
} from '../../contract/admin-import'
import { figure, t } from '../../i18n'
import { quiet } from '../admin-api'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { CustomerImportPanel } from './customer-import-panel'
import { downloadCsv, importQuery, startImport } from './import-api'
import { ImportResult } from './import-result'
import './import.css'

/**
 * Import and export: download the catalogue (or a template), choose a CSV and its photos' ZIP, check the
 * file (nothing is written), import it, and follow its progress to the counts and the refused rows. Below,
 * customers and their order history from a Shopify or WooCommerce export.
 */
const MB = 1024 * 1024

export function ImportPage({ staff }: SectionPageProps) {
  const csvInput = useRef<HTMLInputElement>(null)
  const zipInput = useRef<HTMLInputElement>(null)
  const [importId, setImportId] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const state = useQuery({ ...importQuery(importId ?? ''), enabled: importId !== null })
  const start = useMutation({
    mutationFn: ({ csv, zip, dryRun }: { csv: File; zip: File | null; dryRun: boolean }) =>
      startImport(csv, zip, dryRun),
    meta: quiet,
    onMutate: () => {
      setProblem(null)
      setImportId(null)
    },
    onSuccess: setImportId,
    onError: (error) => {
      const errors = formErrors(error, ['file'])
      setProblem(errors.fields.file ?? errors.form)
    },
  })
  const current = importId ? state.data : undefined
  const running = start.isPending || current?.status === 'running'

  const submit = (dryRun: boolean) => (event?: FormEvent) => {
    event?.preventDefault()
    const csv = csvInput.current?.files?.[0]
    const zip = zipInput.current?.files?.[0] ?? null
    if (!csv) {
      setProblem(t('admin-import.choose-file'))
      return
    }
    start.mutate({ csv, zip, dryRun })
  }

  return (
    <div className="admin-page">
      <h1>{t('admin.nav-import')}</h1>
      <section className="admin-panel" aria-labelledby="import-export">
        <h2 id="import-export">{t('admin-import.export-title')}</h2>
        <p>{t('admin-import.export-about')}</p>
        <div className="import-actions">
          <button
            type="button"
            className="button"
            onClick={() => void downloadCsv('/admin/products/export.csv', 'products.csv')}
          >
            {t('admin-import.download-export')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void downloadCsv('/admin/imports/template.csv', 'products-template.csv')}
          >
            {t('admin-import.download-template')}
          </button>
        </div>
      </section>
      <section className="admin-panel" aria-labelledby="import-file">
        <h2 id="import-file">{t('admin-import.import-title')}</h2>
        <p>{t('admin-import.import-about')}</p>
        <p>{t('admin-import.other-shops')}</p>
        <p>
          {t('admin-import.limits', {
            rows: figure(IMPORT_MAX_ROWS),
            csvSize: figure(IMPORT_MAX_CSV_BYTES / MB),
            files: figure(IMPORT_MAX_ZIP_ENTRIES),
            zipSize: figure(IMPORT_MAX_ZIP_BYTES / MB),
          })}
        </p>
        <form className="import-form" onSubmit={submit(true)}>
          <label className="import-field">
            <span className="import-field__label">{t('admin-import.csv-label')}</span>
            <input ref={csvInput} type="file" name="file" accept=".csv,text/csv" disabled={running} />
          </label>
          <label className="import-field">
            <span className="import-field__label">{t('admin-import.zip-label')}</span>
            <input
              ref={zipInput}
              type="file"
              name="images"
              accept=".zip,application/zip"
              disabled={running}
            />
          </label>
          <FormAlert message={problem} />
          <div className="import-actions">
            <button type="submit" className="button" disabled={running}>
              {t('admin-import.check')}
            </button>
            <button type="button" className="button" disabled={running} onClick={submit(false)}>
              {t('admin-import.import')}
            </button>
          </div>
        </form>
        {current?.status === 'running' || start.isPending ? (
          <div className="import-progress">
            <progress
              aria-label={t('admin-import.progress-label')}
              max={current?.bytesTotal || 1}
              value={current ? current.bytesRead : undefined}
            />
          </div>
        ) : null}
        <LiveStatus
          message={
            start.isPending
              ? t('admin-import.sending')
              : current?.status === 'running'
                ? t('admin-import.progress', { shown: figure(current.rowsRead) })
                : current
                  ? t('admin-import.finished')
                  : null
          }
        />
      </section>
      {current && current.status !== 'running' && <ImportResult state={current} />}
      {may(staff, 'customers.import') && <CustomerImportPanel />}
    </div>
  )
}
