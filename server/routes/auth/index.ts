import type { FastifyInstance } from 'fastify'
import devRoutes from './dev-routes'
import otpRoutes from './otp-routes'
import passwordRoutes from './password-routes'
import profileRoutes from './profile-routes'
import sessionRoutes from './session-routes'
import socialRoutes from './social-routes'

/** Accounts (storefront §7 Authentication) and the shopper's profile, registered by app.ts under /api/v1. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(passwordRoutes)
  await app.register(otpRoutes)
  await app.register(socialRoutes)
  await app.register(sessionRoutes)
  // the signed-in shopper's own profile and password
  await app.register(profileRoutes)
  // only when asked for (tests, `npm run dev`): the outbox hands every one-time code to whoever asks
  if (app.config.DEV_OUTBOX && app.config.SMS_PROVIDER === 'console') await app.register(devRoutes)
}
