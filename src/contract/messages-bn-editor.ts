/** The back office's editor API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnEditor: Record<string, string> = {}
