import { IMPORT_ERRORS_KEPT, type ImportState } from '../../contract/admin-import'
import { figure, t } from '../../i18n'
import { downloadCsv } from './import-api'

/** What an ended check or import found: its counts and its errors, with the whole report to download. */
export function ImportResult({ state }: { state: ImportState }) {
  const counts = [
    [t('admin-import.count-created'), state.created],
    [t('admin-import.count-updated'), state.updated],
    [t('admin-import.count-unchanged'), state.unchanged],
    [t('admin-import.count-failed'), state.failed],
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
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void downloadCsv(`/admin/imports/${state.id}/errors.csv`, 'import-errors.csv')}
          >
            {t('admin-import.download-report')}
          </button>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard */}
          <section className="import-errors" aria-label={t('admin-import.errors-table')} tabIndex={0}>
            <table>
              <caption className="visually-hidden">{t('admin-import.errors-table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin-import.column-row')}</th>
                  <th scope="col">{t('admin-import.column-sku')}</th>
                  <th scope="col">{t('admin-import.column-field')}</th>
                  <th scope="col">{t('admin-import.column-message')}</th>
                </tr>
              </thead>
              <tbody>
                {state.errors.map((error) => (
                  <tr key={`${error.row}-${error.field}-${error.message}`}>
                    <td>{figure(error.row)}</td>
                    <td>{error.sku}</td>
                    <td>{error.field}</td>
                    <td>{error.message}</td>
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
