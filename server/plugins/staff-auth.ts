import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { type Capability, can } from '../../src/contract/permissions'
import {
  CSRF_HEADER,
  STAFF_COOKIE,
  STAFF_COOKIE_PATH,
  STAFF_IDLE_MS,
  STAFF_MAX_MS,
  type StaffRole,
} from '../../src/contract/staff'
import { hashSessionToken, looksLikeSessionToken, newSessionToken, sameSecret } from '../domain/session'
import {
  accessAllows,
  csrfTokenFor,
  isStaffAccess,
  isStaffRole,
  originOf,
  type StaffAccess,
  TOUCH_INTERVAL_MS,
} from '../domain/staff'
import { cookieIsSecure } from './auth'
import { forbidden, HttpError, unauthorized } from './errors'

/** The signed-in staff member as back-office routes see them. */
export type StaffIdentity = {
  id: number
  phone: string
  role: StaffRole
  sessionId: number
  mustChangePassword: boolean
  /** what this session's writes carry in `x-csrf-token` */
  csrfToken: string
}

/** A route under /api/v1/admin and whom it admits, as registered. */
export type StaffRoute = { method: string; url: string; capability: StaffAccess; self: boolean }

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may reach a route under /api/v1/admin: those whose role has this capability
     * (src/contract/permissions.ts), or 'public' (the steps of signing in). Every such route says it; the
     * app does not start otherwise.
     */
    capability?: StaffAccess
    /** reachable while a new password is still to be chosen: me, logout, password, the authenticator app */
    staffSelf?: boolean
    /** also answers the shop owner's ADMIN_TOKEN (the route marks such a request `viaAdminToken`) */
    adminToken?: boolean
  }
  interface FastifyRequest {
    /** the staff session's person on a back-office route; null elsewhere */
    staff: StaffIdentity | null
    /** the request carries the configured ADMIN_TOKEN, on a route that accepts it */
    viaAdminToken: boolean
  }
  interface FastifyInstance {
    /** every route under /api/v1/admin with whom it admits */
    staffRoutes: StaffRoute[]
    staffAuth: {
      /** opens a staff session (after both steps of a sign-in), sets its cookie, answers its CSRF token */
      startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<string>
      /** ends the request's staff session and drops the cookie */
      endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>
    }
  }
}

const ADMIN_PREFIX = STAFF_COOKIE_PATH
const SAFE_METHODS = new Set(['GET', 'HEAD'])

const SIGN_IN = 'Please log in to continue'
const SESSION_ENDED = 'Your session has ended. Sign in again.'
const NOT_STAFF = 'Sign in with a staff account'
const ROLE_REFUSED = 'Your role does not allow this'
const PASSWORD_FIRST = 'Choose a new password first'
const FOREIGN_ORIGIN = "This request did not come from the shop's own pages"
const CSRF_REFUSED = 'The security token is missing or not valid. Reload the page.'

const underAdmin = (url: string) => url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`)

/**
 * For a route whose request does several things: refuses (403, nothing done) a staff member whose role lacks
 * `capability` for one of them. The shop's ADMIN_TOKEN, on a route that takes it, may do all of them.
 */
export function assertCapability(request: FastifyRequest, capability: Capability, refusal = ROLE_REFUSED) {
  if (request.viaAdminToken) return
  if (!request.staff) throw unauthorized(SIGN_IN)
  if (!can(request.staff.role, capability)) throw forbidden(refusal)
}

/**
 * The onRoute hook that keeps the register of back-office routes, and refuses (the app does not start) a
 * route under /api/v1/admin that does not say whom it admits.
 */
export function declaredAccess(register: StaffRoute[]) {
  return (route: RouteOptions) => {
    if (!underAdmin(route.url)) return
    const config = route.config as { capability?: unknown; staffSelf?: boolean } | undefined
    const capability = config?.capability
    if (!isStaffAccess(capability)) {
      throw new Error(
        `${String(route.method)} ${route.url} must say whom it admits: config.capability (src/contract/permissions.ts, or 'public')`,
      )
    }
    for (const method of [route.method].flat()) {
      register.push({ method, url: route.url, capability, self: config?.staffSelf === true })
    }
  }
}

function cookieOptions(app: FastifyInstance, request: FastifyRequest) {
  return {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    secure: cookieIsSecure(app, request),
    sameSite: 'strict',
  } as const
}

/**
 * The back office's door: staff sessions (their own cookie, idle and absolute expiry), CSRF (the shop's
 * Origin on every write, and the session's token), and the capability each route needs, checked before the
 * request's body is read.
 */
export default fp(
  async function staffAuth(app: FastifyInstance) {
    const register: StaffRoute[] = []
    app.decorate('staffRoutes', register)
    app.addHook('onRoute', declaredAccess(register))
    app.decorateRequest('staff', null)
    app.decorateRequest('viaAdminToken', false)

    const shopOrigin = (request: FastifyRequest) =>
      originOf(app.config.PUBLIC_URL) ?? originOf(`${request.protocol}://${request.host}`)

    const assertSameOrigin = (request: FastifyRequest) => {
      const origin = originOf(request.headers.origin)
      const expected = shopOrigin(request)
      if (!origin || !expected || origin !== expected) throw new HttpError(403, { csrf: [FOREIGN_ORIGIN] })
    }

    const csrfFor = async (token: string) => csrfTokenFor(token, await app.staffSessions.csrfSecret())

    const dropCookie = (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(STAFF_COOKIE, cookieOptions(app, request))
    }

    const noSession = (request: FastifyRequest, reply: FastifyReply, hadCookie: boolean) => {
      if (hadCookie) dropCookie(request, reply)
      if (request.user) return forbidden(NOT_STAFF)
      const config = request.routeOptions.config
      if (config.adminToken && request.headers.authorization) {
        return unauthorized('The admin token is missing or not valid')
      }
      return unauthorized(hadCookie ? SESSION_ENDED : SIGN_IN)
    }

    app.addHook('preParsing', async (request, reply, payload) => {
      const config = request.routeOptions.config
      const access = config.capability
      if (access === undefined || request.viaAdminToken) return payload
      const writes = !SAFE_METHODS.has(request.method)
      if (access === 'public') {
        if (writes) assertSameOrigin(request)
        return payload
      }

      const cookie = request.cookies?.[STAFF_COOKIE]
      const token = looksLikeSessionToken(cookie) ? cookie : null
      const found = token ? await app.staffSessions.find(hashSessionToken(token)) : undefined
      if (!token || !found) throw noSession(request, reply, cookie !== undefined)
      const { session, user } = found
      const now = app.clock.now().getTime()
      if (now - session.lastSeenAt.getTime() >= STAFF_IDLE_MS) {
        await app.staffSessions.end(session.id)
        throw noSession(request, reply, true)
      }

      const csrfToken = await csrfFor(token)
      if (writes) {
        assertSameOrigin(request)
        const given = request.headers[CSRF_HEADER]
        if (!sameSecret(typeof given === 'string' ? given : undefined, csrfToken)) {
          throw new HttpError(403, { csrf: [CSRF_REFUSED] })
        }
      }
      if (user.status !== 'active') throw forbidden('This account is disabled')
      if (!isStaffRole(user.adminType)) throw forbidden(NOT_STAFF)
      if (!accessAllows(user.adminType, access)) throw forbidden(ROLE_REFUSED)
      if (user.mustChangePassword && !config.staffSelf) throw forbidden(PASSWORD_FIRST)

      if (now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) await app.staffSessions.touch(session.id)
      request.staff = {
        id: user.id,
        phone: user.phone ?? '',
        role: user.adminType,
        sessionId: session.id,
        mustChangePassword: user.mustChangePassword,
        csrfToken,
      }
      return payload
    })

    app.decorate('staffAuth', {
      async startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
        const token = newSessionToken()
        await app.staffSessions.create({
          tokenHash: hashSessionToken(token),
          userId,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          ip: request.ip,
          expiresAt: new Date(app.clock.now().getTime() + STAFF_MAX_MS),
        })
        reply.setCookie(STAFF_COOKIE, token, {
          ...cookieOptions(app, request),
          maxAge: Math.floor(STAFF_MAX_MS / 1000),
        })
        return csrfFor(token)
      },
      async endSession(request: FastifyRequest, reply: FastifyReply) {
        if (request.staff) await app.staffSessions.end(request.staff.sessionId)
        dropCookie(request, reply)
      },
    })
  },
  { name: 'staff-auth', dependencies: ['auth'] },
)
