import { z } from 'zod'

/** SPEC §8: every error answer carries field -> list of messages. */
export const apiError = z.object({ error: z.record(z.string(), z.array(z.string())) })
export type ApiError = z.infer<typeof apiError>

export const API_KEY_HEADER = 'x-api-key'
export const API_V1 = '/api/v1'
export const API_V2 = '/api/v2'

export const positiveInt = z.coerce.number().int().positive()
export const money = z.number().nonnegative()
