import type { Language } from '../../src/contract/language'
import { DHAKA_OFFSET_MS } from '../../src/lib/dhaka-time'
import { messagesBn } from '../messages/messages-bn'

const HOUR_MS = 3_600_000
/** no reminder from 22:00 to 08:00 in Dhaka */
export const QUIET_FROM_HOUR = 22
export const QUIET_UNTIL_HOUR = 8
/** a reminder's links work this long */
export const REMINDER_TOKEN_TTL_MS = 7 * 24 * HOUR_MS

/**
 * When a reminder may go out at the earliest from `at`: `at` itself outside the quiet hours, else the next 08:00
 * in Dhaka.
 */
export function outsideQuietHours(at: Date): Date {
  const dhaka = new Date(at.getTime() + DHAKA_OFFSET_MS)
  const hour = dhaka.getUTCHours()
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at
  const morning = new Date(dhaka)
  morning.setUTCHours(QUIET_UNTIL_HOUR, 0, 0, 0)
  if (hour >= QUIET_FROM_HOUR) morning.setUTCDate(morning.getUTCDate() + 1)
  return new Date(morning.getTime() - DHAKA_OFFSET_MS)
}

/** When a cart left at `lastActivity` is due its reminder, the owner's delay after. */
export function reminderDueAt(lastActivity: Date, delayHours: number): Date {
  return new Date(lastActivity.getTime() + delayHours * HOUR_MS)
}

/** The reminder by text (its Bangla in server/messages). */
export const CART_REMINDER_TEXT =
  '{shop}: you left {items} in your cart. Pick up where you left off: {link} (no more reminders: {stop})'
/** The reminder by push: the shop's name is its title, a click opens the restore link. */
export const CART_REMINDER_PUSH = 'You left {items} in your cart: tap to pick up where you left off'
export const ONE_ITEM = '1 item'
export const SOME_ITEMS = '{count} items'

export type ReminderFacts = {
  language: Language
  /** the shop's name in that language */
  shop: string
  /** pieces in the cart */
  pieces: number
  link: string
  stop: string
}

function say(english: string, language: Language, values: Record<string, string>): string {
  const template = language === 'bn' ? (messagesBn[english] ?? english) : english
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

const bengaliDigits = (figure: string) =>
  figure.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)] ?? digit)

function itemsOf(facts: ReminderFacts): string {
  const count = facts.language === 'bn' ? bengaliDigits(String(facts.pieces)) : String(facts.pieces)
  return say(facts.pieces === 1 ? ONE_ITEM : SOME_ITEMS, facts.language, { count })
}

/** The reminder's text in the shopper's language, naming the shop, with the restore and the stop links. */
export function cartReminderText(facts: ReminderFacts): string {
  return say(CART_REMINDER_TEXT, facts.language, {
    shop: facts.shop,
    items: itemsOf(facts),
    link: facts.link,
    stop: facts.stop,
  })
}

/** The push's body in the shopper's language. */
export function cartReminderPush(facts: ReminderFacts): string {
  return say(CART_REMINDER_PUSH, facts.language, { items: itemsOf(facts) })
}

export const restorePath = (token: string) => `/cart/restore/${token}`
export const stopPath = (token: string) => `/reminders/stop/${token}`

/** `•••••••• 678`: a customer's number for staff who may not see it, its last three digits alone. */
export function lastThreeDigits(phone: string): string {
  return `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** One paragraph of a reminder page, in English and in Bangla. */
export type BothTexts = { en: string; bn: string }

/**
 * The stop link's page, written by the server in both languages (it needs no app: any phone's browser opens
 * it). With `confirm`, a button that stops the reminders (a link's preview never stops them by opening it).
 */
export function reminderPage(page: {
  shop: BothTexts
  title: BothTexts
  message: BothTexts
  confirm?: { action: string; label: BothTexts }
}): string {
  const both = (tag: string, texts: BothTexts) =>
    `<${tag} lang="en">${escapeHtml(texts.en)}</${tag}><${tag} lang="bn">${escapeHtml(texts.bn)}</${tag}>`
  const form = page.confirm
    ? `<form method="post" action="${escapeHtml(page.confirm.action)}"><button type="submit">${escapeHtml(
        page.confirm.label.en,
      )} · <span lang="bn">${escapeHtml(page.confirm.label.bn)}</span></button></form>`
    : ''
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title.en)} · ${escapeHtml(page.shop.en)}</title></head>`,
    `<body><main><p><a href="/">${escapeHtml(page.shop.en)}</a></p>`,
    both('h1', page.title),
    both('p', page.message),
    form,
    '</main></body></html>',
  ].join('')
}
