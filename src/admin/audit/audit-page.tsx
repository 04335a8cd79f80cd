import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId } from 'react'
import { figure, t } from '../../i18n'
import { Field } from '../../ui/field'
import { type AuditFilters, auditLogQuery, staffListQuery } from '../admin-api'
import { SelectField } from '../form-parts'
import { withSearch } from '../links'
import { staffName } from '../roles'
import { Loading, LoadProblem } from '../shell/status-pages'
import { auditSearch } from './audit-search'
import { AuditTable } from './audit-table'

const auditHref = (filters: AuditFilters) => withSearch('/admin/audit', auditSearch(filters))

/** The owner's audit log: who changed what and when, filtered by staff member and object, a page at a time. */
export function AuditPage({ filters }: { filters: AuditFilters }) {
  const navigate = useNavigate()
  const log = useQuery({ ...auditLogQuery(filters), placeholderData: keepPreviousData })
  const staff = useQuery(staffListQuery)
  const pagingId = useId()
  const go = (next: AuditFilters) => void navigate({ href: auditHref(next) })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined
    const staffId = Number(form.get('staffId'))
    go({
      staffId: staffId > 0 ? staffId : undefined,
      objectType: text('objectType'),
      objectId: text('objectId'),
      page: 1,
    })
  }

  return (
    <div className="admin-page">
      <h1>{t('admin.nav-audit')}</h1>
      <form
        key={auditHref(filters)}
        className="admin-filters"
        onSubmit={submit}
        aria-label={t('admin.audit-filters')}
      >
        <SelectField label={t('admin.audit-staff')} name="staffId" defaultValue={filters.staffId ?? ''}>
          <option value="">{t('admin.audit-everyone')}</option>
          {staff.data?.map((member) => (
            <option key={member.id} value={member.id}>
              {staffName(member)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('admin.audit-object-type')}
          name="objectType"
          defaultValue={filters.objectType ?? ''}
          placeholder="staff"
          autoComplete="off"
          maxLength={50}
        />
        <Field
          label={t('admin.audit-object-id')}
          name="objectId"
          defaultValue={filters.objectId ?? ''}
          autoComplete="off"
          maxLength={100}
        />
        <div className="admin-actions admin-filters__buttons">
          <button type="submit" className="button">
            {t('admin.audit-apply')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => go({ page: 1 })}>
            {t('admin.audit-clear')}
          </button>
        </div>
      </form>
      {log.data ? (
        <>
          <AuditTable entries={log.data.data} busy={log.isPlaceholderData} />
          <nav className="admin-paging" aria-labelledby={pagingId}>
            <p id={pagingId}>{t('admin.audit-page', { page: figure(filters.page) })}</p>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={filters.page <= 1}
              onClick={() => go({ ...filters, page: filters.page - 1 })}
            >
              {t('admin.audit-newer')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!log.data.hasNext}
              onClick={() => go({ ...filters, page: filters.page + 1 })}
            >
              {t('admin.audit-older')}
            </button>
          </nav>
        </>
      ) : log.error ? (
        <LoadProblem error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}
