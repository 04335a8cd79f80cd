import { IMPORT_ERRORS_KEPT, type ImportState } from '../../contract/admin-import'
import { figure, t } from '../../i18n'
import { FindingsTable } from './findings-table'
import { downloadCsv } from './import-api'

/**
 * What an ended check or import found: its counts, its errors (refused rows) and its warnings (photos left out
 * of products saved as drafts), with the whole report to download.
 */
export function ImportResult({ state }: { state: ImportState }) {
  const counts = [
    [t('admin-import.count-created'), state.created],
    [t('admin-import.count-updated'), state.updated],
    [t('admin-import.count-unchanged'), state.unchanged],
    [t('admin-import.count-failed'), state.failed],
    ...(state.warningCount > 0 ? ([[t('admin-import.count-drafts'), state.drafts]] as const) : []),
  ] as const
  return (
    <section className="admin-panel" aria-labelledby="import-result">
      <h2 id="import-result">
        {state.status === 'failed'
          ? t('admin-import.result-stopped')
          : state.dryRun
            ? t('admin-import.result-checked')
            : t('admin-import.result-imported')}
      </h2>
      <p>{t('admin-import.rows-read', { count: state.rowsRead, shown: figure(state.rowsRead) })}</p>
      <dl className="import-counts">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{figure(value)}</dd>
          </div>
        ))}
      </dl>
      {(state.errorCount > 0 || state.warningCount > 0) && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void downloadCsv(`/admin/imports/${state.id}/errors.csv`, 'import-report.csv')}
        >
          {t('admin-import.download-report')}
        </button>
      )}
      {state.errorCount > 0 && (
        <>
          <h3>
            {t('admin-import.errors-title', { count: state.errorCount, shown: figure(state.errorCount) })}
          </h3>
          {state.errorCount > IMPORT_ERRORS_KEPT ? (
            <p>
              {t('admin-import.errors-more', {
                shown: figure(state.errors.length),
                kept: figure(IMPORT_ERRORS_KEPT),
                more: figure(state.errorCount - IMPORT_ERRORS_KEPT),
              })}
            </p>
          ) : (
            state.errorCount > state.errors.length && (
              <p>{t('admin-import.errors-first', { shown: figure(state.errors.length) })}</p>
            )
          )}
          <FindingsTable label={t('admin-import.errors-table')} findings={state.errors} />
        </>
      )}
      {state.warningCount > 0 && (
        <>
          <h3>
            {t('admin-import.warnings-title', {
              count: state.warningCount,
              shown: figure(state.warningCount),
            })}
          </h3>
          <p>{t('admin-import.warnings-about')}</p>
          {state.warningCount > state.warnings.length && (
            <p>{t('admin-import.errors-first', { shown: figure(state.warnings.length) })}</p>
          )}
          <FindingsTable label={t('admin-import.warnings-table')} findings={state.warnings} />
        </>
      )}
    </section>
  )
}
