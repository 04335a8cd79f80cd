/**
 * Money summed exactly, as PostgreSQL sums numerics. What a day's lines were worth is a numeric with up to 20-odd
 * decimals (a line's total × kept ÷ bought); the days of a range must add up to the very number one query over
 * the whole range gives, so that they round and sort as it would. Exact values are whole numbers of 10⁻⁴⁰ taka:
 * no division of a money value by a quantity has more decimals than that.
 */
const SCALE = 40
const ONE = 10n ** BigInt(SCALE)
const PAISA = ONE / 100n

/**
 * A sum of money kept small: whole paisa (exact as a number far beyond any shop's sales) and, for the few sums
 * with a returned part of a line in them, what is left beyond the paisa.
 */
export type Money = { paisa: number; rest: bigint }

/** a numeric's text as money */
export function moneyOf(text: string): Money {
  const point = text.indexOf('.')
  const fraction = point < 0 ? '' : text.slice(point + 1).replace(/0+$/, '')
  if (fraction.length <= 2) {
    const whole = point < 0 ? text : text.slice(0, point)
    const paisa = Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0'))
    return { paisa: whole.startsWith('-') ? -paisa : paisa, rest: 0n }
  }
  const exact = exactOf(text)
  return { paisa: Number(exact / PAISA), rest: exact % PAISA }
}

/** a numeric's text, exactly */
export function exactOf(text: string): bigint {
  const point = text.indexOf('.')
  if (point < 0) return BigInt(text) * ONE
  const fraction = text.slice(point + 1)
  if (fraction.length > SCALE) throw new Error(`more decimals than a sum of money has: ${text}`)
  // the sign, if any, stays in front of the digits
  return BigInt(text.slice(0, point) + fraction.padEnd(SCALE, '0'))
}

/** money's exact value */
export const exactMoney = (money: Money) => BigInt(money.paisa) * PAISA + money.rest

/** the text PostgreSQL reads back as the same numeric */
export function exactText(value: bigint): string {
  const size = value < 0n ? -value : value
  const fraction = (size % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '')
  return `${value < 0n ? '-' : ''}${size / ONE}${fraction ? `.${fraction}` : ''}`
}

/** rounded to paisa as round(value, 2) rounds (halves away from zero) */
export function roundedTaka(value: bigint): number {
  const size = value < 0n ? -value : value
  const paisa = (size + PAISA / 2n) / PAISA
  return Number(value < 0n ? -paisa : paisa) / 100
}
