/** The back office's content API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnContent: Record<string, string> = {}
