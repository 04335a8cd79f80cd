import { z } from 'zod'

/**
 * Accounts contract (SPEC §3, §5, §7): shared by the API and the PWA. Request schemas are strict,
 * so a field the endpoint does not know (say `adminType` or `passwordHash`) is a 400, never stored.
 */

/** SPEC §5: optional +88, 88, 0088 or 00 prefix, then 11 digits starting 01 and an operator digit 3–9. */
export const BD_PHONE_PATTERN = /^(?:\+88|0088|88|00)?01[3-9]\d{8}$/
export const PHONE_MESSAGE = 'Enter a valid mobile number, e.g. 01712345678'

/**
 * A mobile number in any accepted spelling, read as its one stored form `01XXXXXXXXX`. Spaces, dashes,
 * dots and brackets are how people group digits (`01xxx-xxxxxx`); they carry no meaning.
 */
export const phoneInput = z
  .string({ error: PHONE_MESSAGE })
  .transform((value) => value.trim().replace(/[\s\-.()]/g, ''))
  .pipe(z.string().regex(BD_PHONE_PATTERN, PHONE_MESSAGE))
  .transform((value) => value.slice(-11))

export const otpPurpose = z.enum(['login', 'register', 'reset'])
export type OtpPurpose = z.infer<typeof otpPurpose>

export const otpCode = z
  .string({ error: 'Enter the 6-digit code' })
  .regex(/^\d{6}$/, 'Enter the 6-digit code')
export const passwordInput = z.string({ error: 'Enter a password' }).max(1024, 'The password is too long')
const name = z.string().trim().max(100, 'At most 100 characters')

export const gender = z.enum(['male', 'female', 'other'])

export const user = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.string().nullable(),
  adminType: z.string(),
  status: z.string(),
})
export type User = z.infer<typeof user>

/** login, register, otp-login and social login all answer this (plus the session cookie). */
export const sessionAnswer = z.object({ data: z.object({ access_token: z.string(), user }) })
export type SessionAnswer = z.infer<typeof sessionAnswer>
export const userAnswer = z.object({ data: user })
export const messageAnswer = z.object({ message: z.string() })

export const registerBody = z
  .object({
    firstName: name.default(''),
    lastName: name.default(''),
    password: passwordInput,
    phone: phoneInput,
  })
  .strict()
export const loginBody = z
  .object({ phone: phoneInput, password: passwordInput, remember: z.boolean().optional() })
  .strict()
export const sendOtpBody = z.object({ phone: phoneInput, type: otpPurpose }).strict()
export const sendOtpAnswer = z.object({ phone: z.string(), otpId: z.string() })
export const otpLoginBody = z
  .object({ phone: phoneInput, otpId: z.uuid('Request a new code'), otpCode })
  .strict()
export const passwordResetBody = z
  .object({ phone: phoneInput, otpId: z.uuid('Request a new code'), otpCode, password: passwordInput })
  .strict()

export const SOCIAL_USER_KEY_REQUIRED = 'user_key is required'
export const socialProvider = z.enum(['GMAIL', 'FACEBOOK'])
export type SocialProvider = z.infer<typeof socialProvider>
/** SPEC §3 social payload plus the identity provider's ID token that proves it. */
export const socialLoginBody = z
  .object({
    firstName: name.default(''),
    lastName: name.default(''),
    email: z.email('Enter a valid email').nullable().optional(),
    provider: socialProvider,
    userKey: z.string({ error: SOCIAL_USER_KEY_REQUIRED }).trim().min(1, SOCIAL_USER_KEY_REQUIRED).max(256),
    idToken: z.string().max(8192).optional(),
  })
  .strict()
export type SocialLoginBody = z.input<typeof socialLoginBody>

export const profileBody = z
  .object({
    firstName: name.optional(),
    lastName: name.optional(),
    email: z.email('Enter a valid email').max(254).nullable().optional(),
    gender: gender.nullable().optional(),
    avatar: z.string().max(500).nullable().optional(),
  })
  .strict()
export type ProfileBody = z.infer<typeof profileBody>
export const passwordChangeBody = z
  .object({ currentPassword: passwordInput, password: passwordInput })
  .strict()

export const smsOutboxQuery = z.object({ phone: phoneInput })
export const smsOutboxAnswer = z.object({
  data: z.array(z.object({ id: z.number(), phone: z.string(), body: z.string(), createdAt: z.string() })),
})

export const SESSION_COOKIE = 'haat_session'
