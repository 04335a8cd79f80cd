import { type AdminOrder, ORDER_EDIT_QUANTITY, type OrderEditInput } from '../../contract/admin-orders'
import { toLatinDigits } from '../../contract/digits'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import type { AddressDraft } from '../../ui/address-fields'
import type { AddedLine } from './order-edit-add'

/** A line of the editor: its sku, the quantity as typed, and how it reads. */
export type DraftLine = {
  skuId: number
  quantity: string
  name: string
  variant: string
  sku: string
  /** the unit price it reads with until the server says: as ordered, or today's for a new line */
  price: number
  added: boolean
}

export type Draft = {
  lines: DraftLine[]
  changeAddress: boolean
  address: AddressDraft
  byHand: boolean
  charge: string
  /** the reason chosen from the list, OWN_REASON for the staff's own words (`note`), '' for none */
  reason: string
  note: string
}

export const draftOf = (order: AdminOrder): Draft => ({
  lines: order.lines.map((line) => ({
    skuId: line.skuId,
    quantity: String(line.quantity),
    name: line.name,
    variant: [line.size, line.colour].filter(Boolean).join(', '),
    sku: line.sku,
    price: line.unitDiscountedPrice,
    added: false,
  })),
  changeAddress: false,
  address: { ...order.address },
  byHand: false,
  charge: String(order.totals.deliveryCharge),
  reason: '',
  note: '',
})

/** A line added in the editor, as the draft holds it. */
export const draftLineOf = (line: AddedLine): DraftLine => ({
  skuId: line.skuId,
  quantity: String(line.quantity),
  name: line.name,
  variant: line.variant,
  sku: line.sku,
  price: line.price,
  added: true,
})

const wholeNumber = (text: string) => {
  const value = toLatinDigits(text.trim())
  return /^\d{1,6}$/.test(value) ? Number(value) : null
}

/**
 * The request a draft makes (without its version), or the fields the draft still has wrong; `changed` says
 * whether it asks for anything the order does not have already.
 */
export function requestOf(draft: Draft, order: AdminOrder) {
  const problems: Record<string, string> = {}
  const lines = draft.lines.map((line, index) => {
    const quantity = wholeNumber(line.quantity)
    if (quantity === null || quantity < 1 || quantity > ORDER_EDIT_QUANTITY) {
      problems[`lines.${index}`] = t('admin-orders.edit-need-quantity')
    }
    return { skuId: line.skuId, quantity: quantity ?? 0 }
  })
  if (lines.length === 0) problems.lines = t('admin-orders.edit-need-line')
  const charge = wholeNumber(draft.charge)
  if (draft.byHand && (charge === null || charge > 10_000)) {
    problems.deliveryCharge = t('admin-orders.edit-need-charge')
  }
  const { address } = draft
  const addressReady =
    !draft.changeAddress || Boolean(address.area && address.street.trim() && address.name.trim())
  const request: Omit<OrderEditInput, 'version'> = {
    lines,
    ...(draft.changeAddress ? { address } : {}),
    ...(draft.byHand && charge !== null ? { deliveryCharge: charge } : {}),
  }
  const sameLines =
    lines.length === order.lines.length &&
    lines.every((line) => order.lines.some((o) => o.skuId === line.skuId && o.quantity === line.quantity))
  const sameAddress =
    !draft.changeAddress ||
    (Object.keys(order.address) as (keyof AdminOrder['address'])[]).every(
      (key) => (address[key] ?? '').trim() === order.address[key],
    )
  const changed =
    !sameLines || !sameAddress || (draft.byHand && charge !== null && charge !== order.totals.deliveryCharge)
  return { request, problems, ready: Object.keys(problems).length === 0 && addressReady, changed }
}

export type Refusal = { fields: Record<string, string[]>; conflict: string | null; form: string | null }

/** The server's refusal split: the fields of the editor, who changed the order, and the rest. */
export function refusal(failure: unknown): Refusal {
  if (!(failure instanceof ApiRequestError)) return { fields: {}, conflict: null, form: t('common.failed') }
  if (failure.status === 409 && (failure.fields.version || failure.fields.status)) {
    return { fields: {}, conflict: t('admin-orders.conflict', { changed: failure.message }), form: null }
  }
  const fields: Record<string, string[]> = {}
  const rest: string[] = []
  for (const [field, messages] of Object.entries(failure.fields)) {
    const line = /^lines\.(\d+)/.exec(field)
    if (line) fields[`lines.${line[1]}`] = messages
    else if (
      field === 'lines' ||
      field === 'deliveryCharge' ||
      field === 'note' ||
      field === 'reasonCode' ||
      field.startsWith('address.')
    )
      fields[field] = messages
    else rest.push(...messages)
  }
  const form = rest.length ? rest.join(' ') : Object.keys(fields).length ? null : failure.message
  return { fields, conflict: null, form }
}
