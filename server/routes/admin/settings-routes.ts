import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CONFLICT_MESSAGE,
  settingsAnswer,
  settingsBody,
  settingsConflict,
} from '../../../src/contract/settings'
import { unauthorized } from '../../plugins/errors'
import { SettingsConflictError } from '../../repositories/settings'

/** The shop's settings: owners only. */
export default async function settingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const owners = { capability: 'settings.write' } as const

  const owner = (request: FastifyRequest) => {
    if (!request.staff) throw unauthorized()
    return { staffId: request.staff.id, ip: request.ip }
  }

  app.get(
    '/admin/settings',
    { config: owners, schema: { tags: ['admin'], response: { 200: settingsAnswer } } },
    async (request, reply) => {
      owner(request)
      reply.header('cache-control', 'no-store')
      return { data: await app.settings.current() }
    },
  )

  app.put(
    '/admin/settings',
    {
      config: owners,
      schema: {
        tags: ['admin'],
        body: settingsBody,
        response: { 200: settingsAnswer, 409: settingsConflict },
      },
    },
    async (request, reply) => {
      const actor = owner(request)
      reply.header('cache-control', 'no-store')
      try {
        const saved = await app.settings.save(request.body.version, request.body.settings, actor)
        return { data: saved }
      } catch (error) {
        if (!(error instanceof SettingsConflictError)) throw error
        const message = CONFLICT_MESSAGE.replace('{name}', error.by ?? '—').replace('{time}', error.at)
        return reply
          .code(409)
          .send({ error: { version: [message] }, conflict: { by: error.by, at: error.at } })
      }
    },
  )
}
