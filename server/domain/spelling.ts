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

/** pg_trgm's trigrams of one word, in the order they appear (a trigram met twice is listed twice). */
function orderedTrigrams(word: string): string[] {
  const padded = [...`  ${word.toLowerCase()} `]
  const grams: string[] = []
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.push(padded.slice(i, i + 3).join(''))
  return grams
}

/**
 * How much of `word` looks like `typed`: the best similarity between the typed word's trigrams and those of
 * any run of the word's trigrams (shared over all, as `similarity` counts), so "ruuf" is close to "ruffle".
 * pg_trgm's `word_similarity` measures the same, within one word.
 */
export function wordSimilarity(typed: string, word: string): number {
  const wanted = trigrams(typed)
  const grams = orderedTrigrams(word)
  let best = 0
  for (let start = 0; start < grams.length; start++) {
    if (!wanted.has(grams[start] as string)) continue
    const seen = new Set<string>()
    let shared = 0
    for (let end = start; end < grams.length; end++) {
      const gram = grams[end] as string
      if (!seen.has(gram)) {
        seen.add(gram)
        if (wanted.has(gram)) shared += 1
      }
      // a run is best ended on a shared trigram
      if (!wanted.has(gram)) continue
      const score = shared / (wanted.size + seen.size - shared)
      if (score > best) best = score
    }
  }
  return best
}

/** Looser than a correction: a word that merely resembles what was typed (pg_trgm's default for `<%`). */
export const SIMILAR_THRESHOLD = 0.3
/** at most this many look-alike words are searched for */
export const SIMILAR_WORDS = 20

/** The trigrams of each vocabulary word, kept while the vocabulary is the same list. */
const vocabularyGrams = new WeakMap<readonly string[], Map<string, number[]>>()

function wordsByTrigram(vocabulary: readonly string[]): Map<string, number[]> {
  let index = vocabularyGrams.get(vocabulary)
  if (!index) {
    index = new Map()
    vocabulary.forEach((word, at) => {
      for (const gram of trigrams(word)) {
        const words = index?.get(gram)
        if (words) words.push(at)
        else index?.set(gram, [at])
      }
    })
    vocabularyGrams.set(vocabulary, index)
  }
  return index
}

/**
 * The vocabulary's words that resemble a word of the term (word similarity at least `threshold`), most alike
 * first (then alphabetically), at most `limit`: what a search that matches nothing, even corrected, looks for.
 */
export function similarWords(
  term: string,
  vocabulary: readonly string[],
  threshold = SIMILAR_THRESHOLD,
  limit = SIMILAR_WORDS,
): { word: string; score: number }[] {
  const index = wordsByTrigram(vocabulary)
  const scores = new Map<string, number>()
  for (const typed of term.split(' ')) {
    if ([...typed].length < 2) continue
    const near = new Set<number>()
    for (const gram of trigrams(typed)) for (const at of index.get(gram) ?? []) near.add(at)
    for (const at of near) {
      const word = vocabulary[at] as string
      const score = wordSimilarity(typed, word)
      if (score >= threshold && score > (scores.get(word) ?? 0)) scores.set(word, score)
    }
  }
  return [...scores]
    .map(([word, score]) => ({ word, score }))
    .sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, limit)
}
