import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sessionAnswer, socialLoginBody } from '../../../src/contract/auth'
import { cleanName, splitFullName } from '../../domain/name'
import { unauthorized } from '../../plugins/errors'
import { firebaseProviderOf, verifyIdentityToken } from '../../plugins/identity-token'
import { logIn } from './accounts'

export default async function socialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/auth/customer/social-login',
    { schema: { tags: ['auth'], body: socialLoginBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const body = request.body
      const identity = await verifyIdentityToken(body.idToken, {
        projectId: app.config.FIREBASE_PROJECT_ID,
        keys: app.authSettings.identityKeys,
        acceptEmulatorTokens: app.authSettings.acceptEmulatorTokens,
        now: app.clock.now(),
      })
      if (!identity) throw unauthorized('The sign-in could not be verified. Please try again.')
      const expected = firebaseProviderOf[body.provider]
      if (identity.signInProvider && identity.signInProvider !== expected) {
        throw unauthorized('The sign-in could not be verified. Please try again.')
      }
      const fromToken = splitFullName(identity.name)
      const names = {
        firstName: cleanName(body.firstName) || fromToken.firstName,
        lastName: cleanName(body.lastName) || fromToken.lastName,
      }
      const user = await app.accounts.forIdentity(
        {
          provider: body.provider,
          subject: identity.subject,
          email: identity.email,
          emailVerified: identity.emailVerified,
        },
        names,
      )
      return logIn(app, request, reply, user)
    },
  )
}
