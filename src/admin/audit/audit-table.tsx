import { useId } from 'react'
import type { AuditEntry } from '../../contract/staff'
import { t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { auditField } from './audit-fields'
import { auditAction, auditObject } from './audit-labels'
import { describeChanges } from './changes'

/** The entries as a table; on a narrow screen the table scrolls sideways within its own box. */
export function AuditTable({ entries, busy }: { entries: readonly AuditEntry[]; busy: boolean }) {
  const captionId = useId()
  if (entries.length === 0) return <p role="status">{t('admin.audit-empty')}</p>
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section className="admin-table-wrap" aria-labelledby={captionId} tabIndex={0} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{t('admin.audit-caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.audit-when')}</th>
            <th scope="col">{t('admin.audit-who')}</th>
            <th scope="col">{t('admin.audit-action')}</th>
            <th scope="col">{t('admin.audit-object')}</th>
            <th scope="col">{t('admin.audit-changes')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.staff?.name ?? t('admin.audit-system')}</td>
              <td title={entry.action}>{auditAction(entry.action)}</td>
              <td>
                {auditObject(entry.objectType)}
                {entry.objectId !== null && ` #${entry.objectId}`}
              </td>
              <td>
                <Changes before={entry.before} after={entry.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const lines = describeChanges(before, after)
  if (lines.length === 0) return <>—</>
  return (
    <ul className="admin-changes">
      {lines.map((line, index) => (
        <li key={line.field ?? index}>
          {line.field !== null && <span className="admin-changes__field">{auditField(line.field)}: </span>}
          <span className="visually-hidden">{t('admin.audit-was')} </span>
          <span className="admin-changes__before">{line.before}</span>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> {t('admin.audit-now')} </span>
          <span className="admin-changes__after">{line.after}</span>
        </li>
      ))}
    </ul>
  )
}
