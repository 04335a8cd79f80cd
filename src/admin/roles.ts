import { type Capability, can } from '../contract/permissions'
import type { StaffMember, StaffRole } from '../contract/staff'
import { msg, t } from '../i18n'

const roleNames = {
  owner: msg('admin.role-owner'),
  manager: msg('admin.role-manager'),
  staff: msg('admin.role-staff'),
} as const satisfies Record<StaffRole, unknown>

export const roleName = (role: StaffRole) => t(roleNames[role])

/** A staff member's name as people call them; the number when no name was given. */
export function staffName(member: Pick<StaffMember, 'firstName' | 'lastName' | 'phone'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.phone
}

/**
 * Whether the signed-in person may do `capability` (src/contract/permissions.ts, the table the server's
 * guards read): what a page offers them. Nobody known yet may do nothing.
 */
export function may(staff: Pick<StaffMember, 'role'> | undefined, capability: Capability): boolean {
  return staff !== undefined && can(staff.role, capability)
}
