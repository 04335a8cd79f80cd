import { z } from 'zod/mini'

/** SPEC §8: every error answer carries field -> list of messages. */
export const apiError = z.object({ error: z.record(z.string(), z.array(z.string())) })
export type ApiError = z.infer<typeof apiError>

export const API_KEY_HEADER = 'x-api-key'
/** The demo shop's key (README); a real shop sets its own with API_KEY and VITE_API_KEY. */
export const DEMO_API_KEY = 'haat-demo-key'
/** The shop whose menus and pages are served under /storage/{shop}/ unless SHOP and VITE_SHOP name another. */
export const DEFAULT_SHOP = 'haat'
export const API_V1 = '/api/v1'
export const API_V2 = '/api/v2'

export const positiveInt = z.coerce.number().check(z.int(), z.positive())
export const money = z.number().check(z.nonnegative())
