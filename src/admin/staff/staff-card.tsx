import { useId, useState } from 'react'
import { STAFF_ROLES, type StaffListAnswer, type StaffRole } from '../../contract/staff'
import { figure, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import type { FormErrors } from '../form-errors'
import { FormAlert, SelectField } from '../form-parts'
import { roleName, staffName } from '../roles'
import type { StaffAction } from './staff-actions'

type Member = StaffListAnswer['data'][number]

type StaffCardProps = {
  member: Member
  /** the signed-in owner's own card */
  self: boolean
  errors: FormErrors | undefined
  onAction: (action: StaffAction) => void
}

/** One staff member: who, role, status, last seen and live sessions, and what the owner may change. */
export function StaffCard({ member, self, errors, onAction }: StaffCardProps) {
  const nameId = useId()
  // the role picked in the select, until it is the member's role
  const [picked, setPicked] = useState<StaffRole | null>(null)
  const role = picked ?? member.role
  const blocked = member.status === 'blocked'
  return (
    <li>
      <article className="admin-card admin-staff" aria-labelledby={nameId}>
        <h3 id={nameId} className="admin-staff__name">
          {staffName(member)}
          {self && <span className="admin-tag">{t('admin.you')}</span>}
          {blocked && <span className="admin-tag admin-tag--warn">{t('admin.status-blocked')}</span>}
        </h3>
        <dl className="admin-facts">
          <dt>{t('admin.mobile-number')}</dt>
          <dd>{member.phone}</dd>
          <dt>{t('admin.role')}</dt>
          <dd>{roleName(member.role)}</dd>
          <dt>{t('admin.status')}</dt>
          <dd>{blocked ? t('admin.status-blocked') : t('admin.status-active')}</dd>
          <dt>{t('admin.last-seen')}</dt>
          <dd>{member.lastSeenAt ? formatDateTime(member.lastSeenAt) : t('admin.never')}</dd>
          <dt>{t('admin.live-sessions')}</dt>
          <dd>{figure(member.sessions)}</dd>
        </dl>
        {self ? (
          <p className="auth-note">{t('admin.self-note')}</p>
        ) : (
          <>
            <div className="admin-staff__role">
              <SelectField
                label={t('admin.new-role', { name: staffName(member) })}
                value={role}
                onChange={(event) => setPicked(event.target.value as StaffRole)}
                error={errors?.fields.role}
              >
                {STAFF_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {roleName(option)}
                  </option>
                ))}
              </SelectField>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={role === member.role}
                onClick={() => onAction({ kind: 'role', member, role })}
              >
                {t('admin.change-role')}
              </button>
            </div>
            <div className="admin-actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onAction({ kind: blocked ? 'unblock' : 'block', member })}
              >
                {blocked ? t('admin.unblock') : t('admin.block')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={member.sessions === 0}
                onClick={() => onAction({ kind: 'end-sessions', member })}
              >
                {t('admin.end-sessions')}
              </button>
              {member.totpEnabled && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onAction({ kind: 'reset-app', member })}
                >
                  {t('admin.reset-app')}
                </button>
              )}
            </div>
          </>
        )}
        <FormAlert message={errors?.form ?? errors?.fields.status ?? null} />
      </article>
    </li>
  )
}
