import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sessionAnswer, socialLoginBody } from '../../../src/contract/auth'
import { socialAccounts, users } from '../../db/schema'
import { cleanName, splitFullName } from '../../domain/name'
import { unauthorized } from '../../plugins/errors'
import { logIn, type UserRow, userById } from './accounts'
import { firebaseProviderOf, type VerifiedIdentity, verifyIdentityToken } from './social-token'

type Provider = keyof typeof firebaseProviderOf

/**
 * The account for a verified identity: the one already keyed on provider + subject; else the account of
 * a previously *verified* sign-in with the same verified email; else a new account. An unverified
 * email never reaches someone else's account.
 */
async function accountFor(
  app: FastifyInstance,
  provider: Provider,
  identity: VerifiedIdentity,
  names: { firstName: string; lastName: string },
): Promise<UserRow> {
  const [linked] = await app.db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, identity.subject)))
    .limit(1)
  if (linked) {
    const user = await userById(app, linked.userId)
    if (user) return user
  }
  return app.db.transaction(async (tx) => {
    let userId: number | undefined
    if (identity.email && identity.emailVerified) {
      const [sameEmail] = await tx
        .select({ userId: socialAccounts.userId })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.email, identity.email), eq(socialAccounts.emailVerified, true)))
        .limit(1)
      userId = sameEmail?.userId
    }
    const now = app.clock.now()
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          ...names,
          email: identity.emailVerified ? identity.email : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id })
      userId = created?.id
    }
    if (userId === undefined) throw new Error('account not created')
    await tx
      .insert(socialAccounts)
      .values({
        userId,
        provider,
        subject: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        createdAt: now,
      })
      .onConflictDoNothing()
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1)
    if (!user) throw new Error('account not found')
    return user
  })
}

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
      const user = await accountFor(app, body.provider, identity, names)
      return logIn(app, request, reply, user)
    },
  )
}
