import { lazy } from 'react'

/**
 * The login modal and the code dialog that follows SEND CODE, their code loaded when one of them first
 * opens (render it inside Suspense).
 */
export const LoginModal = lazy(() => import('./login-modal').then((m) => ({ default: m.LoginModal })))
