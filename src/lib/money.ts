import { toBengaliDigits, toLatinDigits } from '../contract/digits'

/** Rounds to paisa (two decimals) without binary drift: 1.005 -> 1.01. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}

/** Indian digit grouping: the last three digits, then pairs (12,34,567). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits
  const head = digits.slice(0, -3)
  const tail = digits.slice(-3)
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`
}

export type TakaStyle = {
  /** `bn`: the taka sign and Bengali digits, `৳ ১,২৩,৪৫৬.০০` */
  lang?: 'en' | 'bn'
  /** Bangla with Latin digits, `৳ 1,23,456.00` (the shop's or the shopper's choice) */
  latinDigits?: boolean
}

/**
 * storefront §1: BDT shown as TK with Indian grouping and two decimals, e.g. `TK 1,23,456.00`; in Bangla
 * `৳ ১,২৩,৪৫৬.০০`, with Latin digits when the shop or the shopper prefers them.
 */
export function formatTaka(amount: number, style: TakaStyle = {}): string {
  const rounded = roundMoney(Math.abs(amount))
  const [whole = '0', paisa = '00'] = rounded.toFixed(2).split('.')
  const sign = amount < 0 && rounded !== 0 ? '-' : ''
  if (style.lang !== 'bn') return `${sign}TK ${groupIndian(whole)}.${paisa}`
  const figure = `${groupIndian(whole)}.${paisa}`
  return `${sign}৳ ${style.latinDigits ? figure : toBengaliDigits(figure)}`
}

/**
 * An amount of taka as a person types it (`1,500`, `১৫০০`, ` 99.5 `), or undefined when it is not one: no
 * sign, at most two decimals.
 */
export function parseAmount(text: string): number | undefined {
  const value = toLatinDigits(text.trim()).replace(/[,\s]/g, '')
  if (!/^\d+(?:\.\d{1,2})?$/.test(value)) return undefined
  return Number(value)
}
