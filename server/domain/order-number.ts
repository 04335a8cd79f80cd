import { randomInt } from 'node:crypto'
import { dhakaDate } from '../../src/lib/dhaka-time'

// no 0/O, 1/I: read aloud over the phone
const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** What a shopper reads and quotes: HT-YYMMDD-XXXXX (date in Dhaka time, 5 random characters). */
export function orderNumber(now: Date = new Date(), random: (max: number) => number = randomInt): string {
  const { year, month, day } = dhakaDate(now)
  const yy = String(year % 100).padStart(2, '0')
  const mm = String(month).padStart(2, '0')
  const dd = String(day).padStart(2, '0')
  let suffix = ''
  for (let i = 0; i < 5; i++) suffix += alphabet[random(alphabet.length)]
  return `HT-${yy}${mm}${dd}-${suffix}`
}

export const orderNumberPattern = /^HT-\d{6}-[2-9A-HJ-NP-Z]{5}$/
