import { z } from 'zod/mini'
import { noControlCharacters } from './common'

/**
 * The Bangla of the shop's option values (`/api/v1/admin/option-labels`): owners and managers.
 * - `GET option-labels` → optionLabelsAnswer: every size and colour the shop's skus have, with the Bangla the
 *   shop gave it (`valueBn`, '' for none) and the one the built-in list gives (`builtInBn`, '' for none).
 * - `PUT option-labels` (optionLabelBody) → optionLabelAnswer: sets a value's Bangla; '' gives it back to the
 *   built-in list (or to the English, where the list has none).
 */

export const optionKinds = ['size', 'colour'] as const
export type OptionKind = (typeof optionKinds)[number]

export const optionLabel = z.object({
  kind: z.enum(optionKinds),
  value: z.string(),
  valueBn: z.string(),
  builtInBn: z.string(),
  /** how many skus have the value */
  skus: z.int(),
})
export type OptionLabel = z.infer<typeof optionLabel>

export const optionLabelsAnswer = z.object({ data: z.array(optionLabel) })
export const optionLabelAnswer = z.object({ data: optionLabel })

export const optionLabelBody = z.strictObject({
  kind: z.enum(optionKinds),
  value: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Choose a size or colour'),
      z.maxLength(40, 'At most 40 characters'),
      noControlCharacters(),
    ),
  valueBn: z.string().check(z.trim(), z.maxLength(40, 'At most 40 characters'), noControlCharacters()),
})
export type OptionLabelBody = z.infer<typeof optionLabelBody>
