/** The back office's products API texts in Bangla, keyed by their English text (joined into messages-bn.ts). */
export const messagesBnProducts: Record<string, string> = {}
