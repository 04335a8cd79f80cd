import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  auditAnswer,
  CSRF_HEADER,
  type FirstOwnerBody,
  type SecondFactor,
  type StaffRole,
  staffAnswer,
  staffChallengeAnswer,
  staffInviteAnswer,
  staffListAnswer,
  staffSessionAnswer,
  staffSetupAnswer,
  totpSetupAnswer,
} from '../contract/staff'
import { ApiRequestError, apiGet, apiSend, apiUpload, apiV1 } from '../lib/api'

/**
 * The back office's calls (`/api/v1/admin/**`, src/contract/staff.ts) through the app's one client: its api
 * key, same-origin credentials (the staff cookie is HttpOnly and never read here), language, deadlines and
 * errors. Every write carries the session's CSRF token, which `me`, `verify`, `password` and `totp/confirm`
 * answer.
 */

export type StaffSession = z.infer<typeof staffSessionAnswer>['data']

/**
 * Some writes answer 204, with no body at all: read as null rather than as a broken answer. (The resolver
 * changes only what `.json()` reads; the client's type says the rest is the same client.)
 */
const client = apiV1.resolve((chain) => ({
  ...chain,
  json: () => chain.res(async (response) => (response.status === 204 ? null : response.json())),
})) as unknown as typeof apiV1
/** what a 204 answers: nothing to read */
const noContent = z.unknown()

let csrfToken = ''

/** A 401 from a page's call: the session has ended; the area sends the person to sign in again. */
const sessionEndListeners = new Set<() => void>()
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener)
  return () => sessionEndListeners.delete(listener)
}

/** Calls whose 401 is a refused sign-in (or no session yet), not a session that ended. */
const signInCall = /^\/admin\/auth\/(login|send-code|verify|setup|first-owner|me)$/

async function watched<T>(path: string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401 && !signInCall.test(path))
      for (const listener of sessionEndListeners) listener()
    throw error
  }
}

const csrfHeaders = (): Record<string, string> => (csrfToken ? { [CSRF_HEADER]: csrfToken } : {})

/** A read of the back office's API (`/admin/…`), checked against its schema; a 401 ends the session. */
export function adminRead<S extends z.ZodMiniType>(path: string, schema: S, signal?: AbortSignal) {
  return watched(path, apiGet(path, schema, { client, signal }))
}
const read = adminRead

/** A write of the back office's API with the session's CSRF token; a 401 ends the session. */
export function adminWrite<S extends z.ZodMiniType>(
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  schema: S,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  return watched(
    path,
    apiSend(method, path, body, schema, { client, headers: { ...headers, ...csrfHeaders() } }),
  )
}
const write = adminWrite

/** A multipart upload to the back office's API (an image, a CSV file) with the session's CSRF token. */
export function adminUpload<S extends z.ZodMiniType>(
  path: string,
  form: FormData,
  schema: S,
  deadline?: number,
) {
  return watched(path, apiUpload(path, form, schema, { client, headers: csrfHeaders(), deadline }))
}

/** A session answer: who is signed in, and the token later writes carry. */
async function session(answer: Promise<z.infer<typeof staffSessionAnswer>>): Promise<StaffSession> {
  const { data } = await answer
  csrfToken = data.csrfToken
  return data
}

export const adminApi = {
  login: (body: { phone: string; password: string }) =>
    write('post', '/admin/auth/login', staffChallengeAnswer, body).then((answer) => answer.data),
  /** Sends another SMS code for a challenge (never to a person with an authenticator app). */
  sendCode: (challenge: string) =>
    write('post', '/admin/auth/send-code', staffChallengeAnswer, { challenge }).then((answer) => answer.data),
  verify: (body: { challenge: string; method: SecondFactor; code: string }) =>
    session(write('post', '/admin/auth/verify', staffSessionAnswer, body)),
  /**
   * The signed-in staff member, or null when no staff session holds: none (401), or a browser signed in
   * as a shopper only, or a staff member blocked since (403).
   */
  me: async (signal?: AbortSignal): Promise<StaffSession | null> => {
    try {
      return await session(read('/admin/auth/me', staffSessionAnswer, signal))
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null
      throw error
    }
  },
  logout: async () => {
    await write('post', '/admin/auth/logout', noContent)
    csrfToken = ''
  },
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    session(write('post', '/admin/auth/password', staffSessionAnswer, body)),
  /** The first password from a setup link; answers the number, for the sign-in form. */
  setUp: (body: { token: string; password: string }) =>
    write('post', '/admin/auth/setup', staffSetupAnswer, body).then((answer) => answer.data.phone),
  /** The shop's first owner, from the link a start prints; answers the number, for the sign-in form. */
  firstOwner: (body: FirstOwnerBody) =>
    write('post', '/admin/auth/first-owner', staffSetupAnswer, body).then((answer) => answer.data.phone),
  /** A new authenticator secret, for whoever proves it is them with their password. */
  totpSetup: (currentPassword: string) =>
    write('post', '/admin/auth/totp/setup', totpSetupAnswer, { currentPassword }).then(
      (answer) => answer.data,
    ),
  totpConfirm: (code: string) =>
    session(write('post', '/admin/auth/totp/confirm', staffSessionAnswer, { code })),
  staff: (signal?: AbortSignal) =>
    read('/admin/staff', staffListAnswer, signal).then((answer) => answer.data),
  invite: (body: { phone: string; firstName: string; lastName: string; role: StaffRole }) =>
    write('post', '/admin/staff', staffInviteAnswer, body).then((answer) => answer.data),
  updateStaff: (id: number, body: { role?: StaffRole; status?: 'active' | 'blocked' }) =>
    write('patch', `/admin/staff/${id}`, staffAnswer, body).then((answer) => answer.data),
  endSessions: (id: number) =>
    write('delete', `/admin/staff/${id}/sessions`, noContent).then(() => undefined),
  /** An owner's reset of someone's authenticator app: SMS codes again, their sessions ended. */
  resetTotp: (id: number) =>
    write('delete', `/admin/staff/${id}/totp`, staffAnswer).then((answer) => answer.data),
  audit: (filters: AuditFilters, signal?: AbortSignal) =>
    watched('/admin/audit', apiGet('/admin/audit', auditAnswer, { client, signal, query: filters })),
}

/** The audit log's filters and page, as the address carries them (audit/audit-search.ts). */
export type AuditFilters = {
  staffId?: number
  objectType?: string
  objectId?: string
  page: number
}

/**
 * One key root for everything the back office reads. None of it is kept on the device (no `persist`
 * meta): staff data stays in memory, and signing out drops it. Failures are shown by the pages
 * themselves, next to what failed, so no query or mutation raises a toast.
 */
export const adminKeys = {
  all: ['admin'] as const,
  session: () => [...adminKeys.all, 'session'] as const,
  staff: () => [...adminKeys.all, 'staff'] as const,
  audit: (filters: AuditFilters) => [...adminKeys.all, 'audit', filters] as const,
  /** a menu as its editor loads it: the menus page reads it, a category made into the menu drops it */
  menu: (name: string) => [...adminKeys.all, 'content', 'menu', name] as const,
}

export const quiet = { silent: true }

/** Signed out, or the session ended: no staff data stays in memory, and the session reads as none. */
export function forgetSession(queryClient: QueryClient) {
  queryClient.removeQueries({
    queryKey: adminKeys.all,
    predicate: (query) => query.queryKey[1] !== 'session',
  })
  queryClient.setQueryData(adminKeys.session(), null)
}

export const staffSessionQuery = queryOptions({
  queryKey: adminKeys.session(),
  queryFn: ({ signal }) => adminApi.me(signal),
  staleTime: 60_000,
  retry: false,
  meta: quiet,
})

export const staffListQuery = queryOptions({
  queryKey: adminKeys.staff(),
  queryFn: ({ signal }) => adminApi.staff(signal),
  staleTime: 15_000,
  meta: quiet,
})

export const auditLogQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => adminApi.audit(filters, signal),
    staleTime: 15_000,
    meta: quiet,
  })
