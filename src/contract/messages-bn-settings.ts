/** The back office's settings API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnSettings: Record<string, string> = {}
