import { z } from 'zod/mini'
import { otpLoginBody } from './auth'

/**
 * `POST /api/v1/auth/customer/confirm-phone`: a code of purpose `order` spent, answered with the proof that
 * POST /orders takes in `phoneProof` for that number, for an hour (a large cash-on-delivery order). Apart
 * from the accounts contract, as only checkout reads it: the first visit does not carry it.
 */
export const confirmPhoneBody = otpLoginBody
export const confirmPhoneAnswer = z.object({ data: z.object({ phone: z.string(), proof: z.string() }) })
