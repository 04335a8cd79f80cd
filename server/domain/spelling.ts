/**
 * Spelling correction for search: each word of a term that no catalogue word contains is
 * replaced by the most similar catalogue word (trigram similarity, as pg_trgm computes it).
 */

/** pg_trgm's trigrams of one word: lower-cased, padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3))
  return grams
}

/** Shared trigrams over all trigrams of the two words: 1 for the same word, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a)
  const tb = trigrams(b)
  let shared = 0
  for (const gram of ta) if (tb.has(gram)) shared += 1
  const union = ta.size + tb.size - shared
  return union === 0 ? 0 : shared / union
}

/** Lower than pg_trgm's fallback (0.3): a swapped pair of letters in a short word ("shrit") scores 0.2. */
export const CORRECTION_THRESHOLD = 0.2

/** The term with its misspelt words replaced; the same term when every word is found or nothing is close. */
export function correctTerm(
  term: string,
  vocabulary: readonly string[],
  threshold = CORRECTION_THRESHOLD,
): string {
  return term
    .split(' ')
    .map((word) => {
      if (word.length < 3 || vocabulary.some((known) => known.includes(word))) return word
      let best = word
      let bestScore = 0
      for (const known of vocabulary) {
        const score = similarity(word, known)
        if (score < threshold) continue
        if (score > bestScore || (score === bestScore && known < best)) {
          best = known
          bestScore = score
        }
      }
      return best
    })
    .join(' ')
}
