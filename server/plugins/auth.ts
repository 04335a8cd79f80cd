import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SESSION_COOKIE } from '../../src/contract/auth'
import { type PasswordPolicy, parsePasswordPolicy } from '../domain/password'
import { bearerToken, hashSessionToken, looksLikeSessionToken } from '../domain/session'
import sms from '../sms/index'
import { type IdentityKeys, identityKeysFor } from './identity-token'
import rateLimit from './rate-limit'

/** The signed-in shopper as routes see it. */
export type AuthUser = { id: number; phone: string | null; sessionId: number }

/** Settings of the accounts rules that tests (and operators) may change on a built app. */
export type AuthSettings = {
  passwordPolicy: PasswordPolicy
  /** keys that sign identity-provider tokens: Google's published set in production, a local set in tests */
  identityKeys: IdentityKeys
  /** accept the Firebase Auth emulator's unsigned tokens (never in production) */
  acceptEmulatorTokens: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set from the session cookie or `Authorization: Bearer`; null for guests */
    user: AuthUser | null
    /** the token this request was authenticated with, when any */
    sessionToken: string | null
  }
  interface FastifyInstance {
    /** preHandler: 401 `{ error: { auth: [...] } }` unless a valid session is present */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    authSettings: AuthSettings
  }
}

function isLoopback(hostname: string) {
  const host = hostname.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '127.0.0.1' || host === '::1'
}

/**
 * `Secure` always in production. Elsewhere it is dropped only for tests and for plain http to this
 * machine, where a browser would otherwise refuse the cookie during a local demo.
 */
export function cookieIsSecure(app: FastifyInstance, request: FastifyRequest): boolean {
  if (app.config.NODE_ENV === 'production') return true
  if (app.config.NODE_ENV === 'test') return false
  return !(request.protocol === 'http' && isLoopback(request.hostname))
}

function tokenOf(request: FastifyRequest): string | null {
  const bearer = bearerToken(request.headers.authorization)
  if (bearer) return bearer
  const cookie = request.cookies?.[SESSION_COOKIE]
  return looksLikeSessionToken(cookie) ? cookie : null
}

/** Session resolution: an opaque token, looked up by its hash; revoked, expired or disabled → guest. */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const emulatorHost = app.config.FIREBASE_AUTH_EMULATOR_HOST
    if (emulatorHost && app.config.NODE_ENV === 'production') {
      throw new Error(
        'FIREBASE_AUTH_EMULATOR_HOST must not be set in production: it would accept unsigned tokens',
      )
    }
    await app.register(rateLimit)
    await app.register(sms)
    app.decorate('authSettings', {
      passwordPolicy: parsePasswordPolicy(process.env.PASSWORD_POLICY),
      identityKeys: identityKeysFor(app.config.FIREBASE_PROJECT_ID),
      acceptEmulatorTokens: Boolean(emulatorHost),
    } satisfies AuthSettings)

    app.decorateRequest('user', null)
    app.decorateRequest('sessionToken', null)
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return
      const token = tokenOf(request)
      if (!token) return
      const session = await app.sessions.findLive(hashSessionToken(token))
      if (!session) return
      request.user = { id: session.userId, phone: session.phone, sessionId: session.id }
      request.sessionToken = token
    })
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.user) {
        await reply.code(401).send({ error: { auth: ['Please log in to continue'] } })
      }
    })
  },
  { name: 'auth' },
)
