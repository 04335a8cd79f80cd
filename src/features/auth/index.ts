// Public face of the accounts feature for the rest of the app.
import type { User } from '../../contract/auth'

export type SessionUser = User
export { AuthPage } from './auth-page'
export { authState } from './auth-state'
export { LoginModal } from './lazy-login-modal'
export { useAuthActions } from './use-auth-actions'
