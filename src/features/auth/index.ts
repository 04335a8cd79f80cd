// Public face of the accounts feature for the rest of the app. (Accounts arrive with their own work;
// until then everyone is a guest.)
import type { ReactNode } from 'react'

export type SessionUser = { id: number; firstName: string; lastName: string; phone: string | null }

/** The signed-in shopper, or null for a guest. */
export function useCurrentUser(): SessionUser | null {
  return null
}

/** The login/register modal (SPEC §2), mounted once by the shell. */
export function LoginModal(): ReactNode {
  return null
}
