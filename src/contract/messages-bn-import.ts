/** The back office's import API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnImport: Record<string, string> = {}
