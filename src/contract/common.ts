import { z } from 'zod/mini'

/** storefront §8: every error answer carries field -> list of messages. */
export const apiError = z.object({ error: z.record(z.string(), z.array(z.string())) })
export type ApiError = z.infer<typeof apiError>

export const API_KEY_HEADER = 'x-api-key'
/** The demo shop's key (README); a real shop sets its own with API_KEY and VITE_API_KEY. */
export const DEMO_API_KEY = 'haat-demo-key'
/** The shop whose menus and pages are served under /storage/{shop}/ unless SHOP and VITE_SHOP name another. */
export const DEFAULT_SHOP = 'haat'
export const API_V1 = '/api/v1'
export const API_V2 = '/api/v2'

/** NUL (which PostgreSQL cannot keep in text) and the other C0 control characters and DEL: nothing anyone types. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const controlCharacter = /[\u0000-\u001f\u007f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const controlCharacterButLineBreak = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters from this text'

/**
 * The check every text input carries: no control characters. Multi-line text (a review, delivery notes)
 * keeps tab, line feed and carriage return.
 */
export const noControlCharacters = (options: { multiline?: boolean } = {}) => {
  const refused = options.multiline ? controlCharacterButLineBreak : controlCharacter
  return z.refine<string>((text) => !refused.test(text), CONTROL_CHARACTER_MESSAGE)
}

// marked pure: a bundle that never reads it (the shopper's first visit) leaves it out
export const positiveInt = /* @__PURE__ */ z.coerce.number().check(z.int(), z.positive())
export const money = z.number().check(z.nonnegative())

/**
 * A schema only the server reads requests with. zod's calls are not known to be free of side effects, so an
 * unused schema would stay in every bundle that imports its module; built through this function, one the
 * storefront never reads is dropped from its code.
 */
/* @__NO_SIDE_EFFECTS__ */
export function requestSchema<T>(build: () => T): T {
  return build()
}
