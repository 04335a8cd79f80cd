import { z } from 'zod/mini'

/**
 * The signed-in shopper as every page knows them (storefront §3 User), apart from the accounts contract (auth.ts,
 * which re-exports it): the first visit reads the session, and carries none of the sign-in forms' schemas.
 */
export const user = z.object({
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  gender: z.nullable(z.string()),
  adminType: z.string(),
  status: z.string(),
})
export type User = z.infer<typeof user>
export const userAnswer = z.object({ data: user })

/**
 * Set and cleared with the session cookie, but readable by the page: a browser without it has no session,
 * so the app starts as a guest without asking the server.
 */
export const SESSION_HINT_COOKIE = 'haat_signed_in'
