/**
 * What shoppers type for the catalogue's terms: Bangla words and the romanised spellings of them,
 * each mapped to the term as the catalogue's English names spell it and to its usual Bangla spelling.
 * A search is tried as typed and with these words replaced, so "punjabi", "পাঞ্জাবী" and "panjabi"
 * find the same products.
 */

/**
 * Bangla as search compares it. pg_trgm (PGlite and PostgreSQL alike) takes the hasanta (্) and the
 * nukta (়) for breaks between words: folded text drops the hasanta and writes ড়, ঢ় and য় as one
 * letter each, so a Bangla word stays one word to the trigram index. The spellings shoppers mix up
 * are made one: ী/ি, ূ/ু, ঈ/ই, ঊ/উ, ৎ/ত, with or without the chandrabindu. Latin text passes unchanged.
 */
export function foldBangla(text: string): string {
  if (!BANGLA.test(text)) return text
  return text.normalize('NFC').replace(FOLDED, (match) => folds[match] ?? '')
}

const BANGLA = /[\u0980-\u09ff\u200c\u200d]/
const folds: Record<string, string> = {
  '\u09a1\u09bc': '\u09dc',
  '\u09a2\u09bc': '\u09dd',
  '\u09af\u09bc': '\u09df',
  '\u09c0': '\u09bf',
  '\u09c2': '\u09c1',
  '\u0988': '\u0987',
  '\u098a': '\u0989',
  '\u09ce': '\u09a4',
}
const FOLDED = /[\u09a1\u09a2\u09af]\u09bc|[\u09c0\u09c2\u0988\u098a\u09ce\u09cd\u0981\u200c\u200d]/g

/**
 * Where a product's Bangla words start in its search text (`english words । bangla words`), so a
 * Bangla search can rank names that start with the term first, as an English search does.
 */
export const BANGLA_START = '। '

/** A product's search text: its English words lower-cased, then its Bangla words folded. */
export function productSearchText(english: string, bangla: string): string {
  return joinSearchText(english.toLowerCase(), foldBangla(bangla.trim()))
}

/** The same from words already lower-cased and folded (a bulk writer folds its vocabulary once). */
export const joinSearchText = (english: string, foldedBangla: string) =>
  foldedBangla ? `${english} ${BANGLA_START}${foldedBangla}` : english

/** One catalogue term: as the English names spell it, in Bangla, and other ways shoppers write it. */
type Term = { en: string; bn: string; typed: string[] }

const terms: Term[] = [
  { en: 'panjabi', bn: 'পাঞ্জাবি', typed: ['punjabi', 'panjabee', 'punjabee', 'panjaby', 'punjaby'] },
  { en: 'saree', bn: 'শাড়ি', typed: ['sari', 'shari', 'sharee', 'saari', 'shaari', 'sharii'] },
  { en: 'kurti', bn: 'কুর্তি', typed: ['kurtee', 'kurthi', 'kurtii'] },
  { en: 'lungi', bn: 'লুঙ্গি', typed: ['lungee', 'lunggi', 'loongi'] },
  {
    en: 'three-piece',
    bn: 'থ্রি-পিস',
    typed: ['three piece', 'threepiece', '3 piece', '3-piece', '3piece', '3 pc', '3pc', 'থ্রি পিস', 'থ্রিপিস'],
  },
  {
    en: 'salwar kameez',
    bn: 'সালোয়ার কামিজ',
    typed: ['shalwar kameez', 'salwar kamiz', 'shalwar kamiz', 'selowar kamiz', 'সেলোয়ার কামিজ'],
  },
  { en: 'kameez', bn: 'কামিজ', typed: ['kamiz', 'kamij', 'kameej'] },
  { en: 't-shirt', bn: 'টি-শার্ট', typed: ['tshirt', 't shirt', 'tee shirt', 'টি শার্ট', 'টিশার্ট'] },
  { en: 'shirt', bn: 'শার্ট', typed: ['shart'] },
  { en: 'trousers', bn: 'প্যান্ট', typed: ['pant', 'pants', 'trouser', 'ট্রাউজার'] },
  { en: 'jeans', bn: 'জিন্স', typed: ['jins', 'jeens'] },
  { en: 'frock', bn: 'ফ্রক', typed: ['frok', 'frak'] },
  { en: 'footwear', bn: 'জুতা', typed: ['juta', 'jutta', 'joota', 'zuta', 'jutto', 'জুতো'] },
  { en: 'sandals', bn: 'স্যান্ডেল', typed: ['sandel', 'sendel', 'sandal', 'স্যান্ডাল'] },
  { en: 'sneakers', bn: 'স্নিকার্স', typed: ['sneaker', 'snikers', 'keds', 'কেডস'] },
  { en: 'bag', bn: 'ব্যাগ', typed: ['beg', 'bagh'] },
  { en: 'watch', bn: 'ঘড়ি', typed: ['ghori', 'ghadi', 'ghari'] },
  { en: 'jewellery', bn: 'গয়না', typed: ['jewelry', 'jewelery', 'goyna', 'gohona', 'গহনা'] },
  { en: 'earrings', bn: 'কানের দুল', typed: ['kaner dul', 'dul', 'দুল'] },
  { en: 'bangles', bn: 'চুড়ি', typed: ['churi', 'chudi'] },
  { en: 'nose pin', bn: 'নাকফুল', typed: ['nakful', 'nakphul', 'নাক ফুল'] },
  { en: 'jamdani', bn: 'জামদানি', typed: ['jamdanee', 'zamdani'] },
  { en: 'katan', bn: 'কাতান', typed: ['kataan'] },
  { en: 'tant', bn: 'তাঁত', typed: ['taant', 'taat'] },
  { en: 'muslin', bn: 'মসলিন', typed: ['moslin', 'mosline'] },
  { en: 'karchupi', bn: 'কারচুপি', typed: ['karchupee', 'karchupy'] },
  { en: 'embroidered', bn: 'এমব্রয়ডারি', typed: ['embroidery', 'embroydery'] },
  { en: 'cotton', bn: 'সুতি', typed: ['suti', 'shuti', 'কটন'] },
  { en: 'silk', bn: 'সিল্ক', typed: ['resham', 'রেশম'] },
  { en: 'leather', bn: 'চামড়া', typed: ['chamra', 'chamda'] },
  { en: 'boys', bn: 'ছেলেদের', typed: ['cheleder', 'ছেলে'] },
  { en: 'girls', bn: 'মেয়েদের', typed: ['meyeder', 'মেয়ে'] },
  { en: 'kids', bn: 'শিশু', typed: ['baccha', 'bacchader', 'বাচ্চা', 'বাচ্চাদের'] },
]

/** Each spelling, folded, with its term; the longest spans most words, so phrases win over their words. */
const bySpelling = new Map<string, Term>()
let longest = 1
for (const term of terms) {
  for (const spelling of [term.en, term.bn, ...term.typed]) {
    const key = foldBangla(spelling)
    bySpelling.set(key, term)
    longest = Math.max(longest, key.split(' ').length)
  }
}

/** The words of a search with every known spelling replaced by its term's English, or Bangla, spelling. */
function replaceTerms(words: string[], language: 'en' | 'bn'): string {
  const out: string[] = []
  let at = 0
  while (at < words.length) {
    let found: { term: Term; span: number } | null = null
    for (let span = Math.min(longest, words.length - at); span > 0 && !found; span -= 1) {
      const term = bySpelling.get(words.slice(at, at + span).join(' '))
      if (term) found = { term, span }
    }
    if (found) {
      out.push(foldBangla(found.term[language]))
      at += found.span
    } else {
      out.push(words[at] as string)
      at += 1
    }
  }
  return out.join(' ')
}

const BANGLA_LETTER = /[\u0980-\u09ff]/

/** Whether a spelling is (partly) Bangla: it is matched against the Bangla words of the search text. */
export const hasBangla = (text: string) => BANGLA_LETTER.test(text)

/**
 * What to search for a normalised (lower-cased, single-spaced) term, as typed first: the term with
 * Bangla folded, then with shoppers' spellings replaced by the catalogue's English terms, then (for a
 * term with Bangla in it) by their Bangla spelling. A term of the catalogue's own English words is
 * searched as it is.
 */
export function searchAlternatives(term: string): string[] {
  const typed = foldBangla(term)
  const words = typed.split(' ')
  const alternatives = [typed, replaceTerms(words, 'en')]
  if (hasBangla(typed)) alternatives.push(replaceTerms(words, 'bn'))
  return [...new Set(alternatives)]
}
