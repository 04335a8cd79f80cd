import type { StaffMember, StaffRole } from '../../contract/staff'
import { t } from '../../i18n'
import { adminApi } from '../admin-api'
import { roleName, staffName } from '../roles'

/** What the owner may do to a staff member, each confirmed first. */
export type StaffAction =
  | { kind: 'role'; member: StaffMember; role: StaffRole }
  | { kind: 'block'; member: StaffMember }
  | { kind: 'unblock'; member: StaffMember }
  | { kind: 'end-sessions'; member: StaffMember }
  | { kind: 'reset-app'; member: StaffMember }

/** The confirmation's words: what will happen, and the button named after it. */
export function confirmation(action: StaffAction) {
  const name = staffName(action.member)
  switch (action.kind) {
    case 'role':
      return {
        title: t('admin.confirm-role-title'),
        text: t('admin.confirm-role', { name, role: roleName(action.role) }),
        button: t('admin.change-role'),
        danger: false,
      }
    case 'block':
      return {
        title: t('admin.confirm-block-title'),
        text: t('admin.confirm-block', { name }),
        button: t('admin.block'),
        danger: true,
      }
    case 'unblock':
      return {
        title: t('admin.confirm-unblock-title'),
        text: t('admin.confirm-unblock', { name }),
        button: t('admin.unblock'),
        danger: false,
      }
    case 'end-sessions':
      return {
        title: t('admin.confirm-end-title'),
        text: t('admin.confirm-end', { name }),
        button: t('admin.end-sessions'),
        danger: true,
      }
    case 'reset-app':
      return {
        title: t('admin.confirm-reset-app-title'),
        text: t('admin.confirm-reset-app', { name }),
        button: t('admin.reset-app'),
        danger: true,
      }
  }
}

/** What the page says once the server has done it. */
export function doneMessage(action: StaffAction): string {
  const name = staffName(action.member)
  switch (action.kind) {
    case 'role':
      return t('admin.role-changed', { name, role: roleName(action.role) })
    case 'block':
      return t('admin.blocked', { name })
    case 'unblock':
      return t('admin.unblocked', { name })
    case 'end-sessions':
      return t('admin.sessions-ended', { name })
    case 'reset-app':
      return t('admin.app-reset', { name })
  }
}

export function runStaffAction(action: StaffAction): Promise<unknown> {
  const { id } = action.member
  switch (action.kind) {
    case 'role':
      return adminApi.updateStaff(id, { role: action.role })
    case 'block':
      return adminApi.updateStaff(id, { status: 'blocked' })
    case 'unblock':
      return adminApi.updateStaff(id, { status: 'active' })
    case 'end-sessions':
      return adminApi.endSessions(id)
    case 'reset-app':
      return adminApi.resetTotp(id)
  }
}
