import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { firstOwnerBody, staffSetupAnswer } from '../../../src/contract/staff'
import { cleanName } from '../../domain/name'
import { hashPassword, passwordProblems } from '../../domain/password'
import { hashSessionToken } from '../../domain/session'
import { badRequest, HttpError } from '../../plugins/errors'
import { reserveTokenLookup } from './limits'

const LINK_ENDED =
  'This link has expired or was already used, or the shop has its owner. Sign in, or restart the server for a new link.'

/** The first owner, chosen through the one-time link a start prints while the shop has none. */
export default async function firstOwnerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/admin/auth/first-owner',
    {
      config: { capability: 'public' },
      schema: { tags: ['admin'], body: firstOwnerBody, response: { 200: staffSetupAnswer } },
    },
    async (request) => {
      const { token, phone, password } = request.body
      await reserveTokenLookup(app, request.ip, 'token')
      const tokenHash = hashSessionToken(token)
      if (!(await app.firstOwner.isOpen(tokenHash))) throw badRequest('token', LINK_ENDED)
      const problems = passwordProblems(password, app.authSettings.passwordPolicy)
      if (problems.length) throw new HttpError(400, { password: problems })
      const owner = {
        phone,
        firstName: cleanName(request.body.firstName),
        lastName: cleanName(request.body.lastName),
        passwordHash: await hashPassword(password),
      }
      if (!(await app.firstOwner.create(tokenHash, owner, request.ip))) throw badRequest('token', LINK_ENDED)
      return { data: { phone } }
    },
  )
}
