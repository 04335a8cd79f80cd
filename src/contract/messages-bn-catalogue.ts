/** The back office's catalogue API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnCatalogue: Record<string, string> = {}
