import { z } from 'zod/mini'
import { otpCode, passwordInput, phoneInput } from './auth'
import { noControlCharacters } from './common'
import { STAFF_ROLES, type StaffRole } from './permissions'

/**
 * The back office's staff contract (`/api/v1/admin/**`), shared by the API and the admin pages. Staff are
 * users with an `adminType` of owner, manager or staff (storefront §3 User). They sign in with their number and
 * their back-office password (not the shop's) and then a second factor (the authenticator app once set up,
 * else a code by SMS); the staff session is its own
 * cookie, and every write also carries the session's CSRF token in `x-csrf-token`.
 *
 * The routes, under /api/v1/admin (every write needs `Origin` = the shop's origin, else 403 `csrf`):
 * - `auth/login` → staffChallengeAnswer; `auth/send-code` → staffChallengeAnswer; `auth/verify` →
 *   staffSessionAnswer and the cookie; `auth/setup` and `auth/first-owner` → staffSetupAnswer. No session
 *   needed.
 * - `GET auth/me`, `auth/password`, `auth/totp/confirm` → staffSessionAnswer; `auth/totp/setup` (with the
 *   password or a current code) → totpSetupAnswer; `auth/logout` → 204. Any role, even before the new
 *   password is chosen.
 * - owners: `GET staff` → staffListAnswer, `POST staff` → 201 staffInviteAnswer, `PATCH staff/:id` →
 *   staffAnswer, `DELETE staff/:id/sessions` → 204, `DELETE staff/:id/totp` (reset their authenticator app:
 *   SMS codes again, their sessions ended) → staffAnswer, `GET audit` → auditAnswer.
 * Refusals: 401 `auth` (no live session: sign in), 403 `auth` (not staff, blocked, role, new password
 * first), 403 `csrf`; `challenge` means step 2 is over (back to step 1); 409 `role` on the staff page.
 */

/** The staff session: HttpOnly, Secure, SameSite=Strict, for /api/v1/admin only. */
export const STAFF_COOKIE = 'haat_staff'
/** the staff cookie's Path: the browser sends it to the back office's API alone */
export const STAFF_COOKIE_PATH = '/api/v1/admin'
export const CSRF_HEADER = 'x-csrf-token'
/** a staff session ends after this long without a request… */
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000
/** …and this long after its sign-in in any case */
export const STAFF_MAX_MS = 7 * 24 * 60 * 60 * 1000

/** The roles (what each may do: the capability table of ./permissions.ts). */
export const staffRole = z.enum(STAFF_ROLES)
export { STAFF_ROLES, type StaffRole }

/** The second factors: a code sent by SMS, or one from an authenticator app (RFC 6238 TOTP). */
export const secondFactor = z.enum(['sms', 'totp'])
export type SecondFactor = z.infer<typeof secondFactor>

const name = z.string().check(z.trim(), z.maxLength(100, 'At most 100 characters'), noControlCharacters())

export const staffMember = z.object({
  id: z.int(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: staffRole,
  status: z.enum(['active', 'blocked']),
  /** an authenticator app is set up: it alone is the second factor then (no SMS codes) */
  totpEnabled: z.boolean(),
  /** the next thing this person must do is choose a new password */
  mustChangePassword: z.boolean(),
  /** the last request of any of their sessions (ISO 8601), null when never signed in */
  lastSeenAt: z.nullable(z.string()),
})
export type StaffMember = z.infer<typeof staffMember>

// ---------------------------------------------------------------- signing in

/** Step 1: number and password. A right pair answers a challenge for step 2 (and sends the SMS code). */
export const staffLoginBody = z.strictObject({ phone: phoneInput, password: passwordInput })
export const staffChallengeAnswer = z.object({
  data: z.object({
    challenge: z.string(),
    /** what this person can use for step 2: `totp` alone once they set up an app, else `sms` (sent already) */
    methods: z.array(secondFactor),
    /** the number the SMS code went to, partly hidden (`017•••••678`), null when no SMS was sent */
    sentTo: z.nullable(z.string()),
  }),
})
export type StaffChallengeAnswer = z.infer<typeof staffChallengeAnswer>

const challengeToken = z.string().check(z.minLength(1, 'Sign in again'), z.maxLength(200, 'Sign in again'))

/** Step 2: the code. A right one sets the staff cookie and answers the session. */
export const staffVerifyBody = z.strictObject({
  challenge: challengeToken,
  method: secondFactor,
  code: otpCode,
})

/**
 * `POST admin/auth/send-code`: another SMS code for the challenge (a minute apart at most); answers
 * `staffChallengeAnswer` with `sentTo`. Refused (400 `method`) to someone with an authenticator app.
 */
export const staffSendCodeBody = z.strictObject({ challenge: challengeToken })

/** `GET admin/auth/me`, and the answer of step 2: who is signed in, and the token every write must carry. */
export const staffSessionAnswer = z.object({
  data: z.object({ staff: staffMember, csrfToken: z.string() }),
})
export type StaffSessionAnswer = z.infer<typeof staffSessionAnswer>

/** Choosing a new password (required first when `mustChangePassword`). */
export const staffPasswordBody = z.strictObject({
  currentPassword: passwordInput,
  newPassword: passwordInput,
})

const setupToken = z
  .string()
  .check(z.minLength(1, 'This link is not valid'), z.maxLength(200, 'This link is not valid'))
/** The one-time setup link of a new owner or invited staff member: their first password. */
export const staffSetupBody = z.strictObject({ token: setupToken, password: passwordInput })
/**
 * `POST admin/auth/first-owner`: the one-time link a start prints while the shop has no owner. Whoever opens
 * it chooses the first owner's number, name and password, then signs in as usual. Answers staffSetupAnswer.
 */
export const firstOwnerBody = z.strictObject({
  token: setupToken,
  phone: phoneInput,
  firstName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter your name'),
      z.maxLength(100, 'At most 100 characters'),
      noControlCharacters(),
    ),
  lastName: z._default(name, ''),
  password: passwordInput,
})
export type FirstOwnerBody = z.infer<typeof firstOwnerBody>
/** The setup link's answer: whose password was set, to fill in the sign-in form (then sign in as usual). */
export const staffSetupAnswer = z.object({ data: z.object({ phone: z.string() }) })
export type StaffSetupAnswer = z.infer<typeof staffSetupAnswer>

/**
 * `POST admin/auth/totp/setup`: who asks for a new authenticator app proves it is them, not a session left
 * open: their password, or a code from the app in use.
 */
export const totpSetupBody = z.strictObject({
  currentPassword: z.optional(passwordInput),
  code: z.optional(otpCode),
})

/** Setting up an authenticator app: the secret as text, as an otpauth:// address, and as a QR code (SVG data URL). */
export const totpSetupAnswer = z.object({
  data: z.object({ secret: z.string(), uri: z.string(), qr: z.string() }),
})
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>
/** The first code from the app confirms the setup. */
export const totpConfirmBody = z.strictObject({ code: otpCode })

// ---------------------------------------------------------------- the staff page (owners)

export const staffListAnswer = z.object({
  data: z.array(z.extend(staffMember, { sessions: z.int() })),
})
export type StaffListAnswer = z.infer<typeof staffListAnswer>
export const staffInviteBody = z.strictObject({
  phone: phoneInput,
  firstName: name,
  lastName: z._default(name, ''),
  role: staffRole,
})
/** The invited person's one-time setup link, to hand them (it is also sent by SMS). */
export const staffInviteAnswer = z.object({ data: z.object({ staff: staffMember, setupUrl: z.string() }) })
export const staffPatchBody = z.strictObject({
  role: z.optional(staffRole),
  status: z.optional(z.enum(['active', 'blocked'])),
})
export const staffIdParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})
export const staffAnswer = z.object({ data: staffMember })

// ---------------------------------------------------------------- the audit log (owners)

export const auditEntry = z.object({
  id: z.int(),
  /** ISO 8601 */
  at: z.string(),
  staff: z.nullable(z.object({ id: z.int(), name: z.string() })),
  /** what was done, as `<object>.<verb>` (`staff.invite`, `sku.update`, `product.publish`) */
  action: z.string(),
  objectType: z.string(),
  objectId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditEntry = z.infer<typeof auditEntry>
export const auditQuery = z.object({
  staffId: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
  objectType: z.optional(z.string().check(z.maxLength(50), z.regex(/^[a-z_]+$/, 'Not an object type'))),
  objectId: z.optional(z.string().check(z.maxLength(100), noControlCharacters())),
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)), 50),
})
export const auditAnswer = z.object({
  data: z.array(auditEntry),
  page: z.int(),
  perPage: z.int(),
  hasNext: z.boolean(),
})
export type AuditAnswer = z.infer<typeof auditAnswer>
