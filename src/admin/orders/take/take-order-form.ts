import {
  type OrderDraftBody,
  type OrderDraftContent,
  type OrderSource,
  type StaffOrderBody,
  type StaffOrderQuoteBody,
  staffOrderSources,
} from '../../../contract/admin-order-create'
import { ORDER_EDIT_QUANTITY } from '../../../contract/admin-orders'
import { toLatinDigits } from '../../../contract/digits'
import type { Language } from '../../../contract/language'
import { t } from '../../../i18n'
import { normalizeBdPhone } from '../../../lib/phone'
import { type AddressDraft, emptyAddress } from '../../../ui/address-fields'
import type { AddedLine } from '../order-edit-add'

/** A line of the order being taken: its sku, the quantity as typed, and how it reads until priced. */
export type TakenLine = Omit<AddedLine, 'quantity'> & { quantity: string }

export type PaidBy = 'cod' | 'advance'

/** The "Take an order" form as typed: every value as text, checked when it is sent. */
export type TakeForm = {
  source: OrderSource | ''
  language: Language
  phone: string
  name: string
  lines: TakenLine[]
  address: AddressDraft
  coupon: string
  discount: string
  discountReason: string
  paidBy: PaidBy
  wallet: 'bkash' | 'nagad' | 'rocket'
  transactionId: string
  advance: string
  notes: string
}

export const emptyForm: TakeForm = {
  source: 'phone',
  language: 'bn',
  phone: '',
  name: '',
  lines: [],
  address: emptyAddress,
  coupon: '',
  discount: '',
  discountReason: '',
  paidBy: 'cod',
  wallet: 'bkash',
  transactionId: '',
  advance: '',
  notes: '',
}

export const takeSources = staffOrderSources

/** A whole number of taka or pieces as typed (Bengali digits too); null when it is not one. */
const amountOf = (text: string) => {
  const value = toLatinDigits(text.trim())
  return /^\d{1,7}(\.\d{1,2})?$/.test(value) ? Number(value) : null
}

/** The lines as the server prices them (those with a quantity that reads as one). */
export function linesOf(form: TakeForm) {
  return form.lines.flatMap((line) => {
    const quantity = amountOf(line.quantity)
    return quantity && Number.isInteger(quantity) ? [{ skuId: line.skuId, quantity }] : []
  })
}

/** What the summary asks the server while the order is taken. */
export function quoteOf(form: TakeForm): StaffOrderQuoteBody | null {
  const lines = linesOf(form)
  if (lines.length === 0) return null
  const discount = amountOf(form.discount)
  const { division, district, area } = form.address
  return {
    lines,
    ...(area ? { division, district, area } : {}),
    ...(form.coupon.trim() ? { coupon: form.coupon.trim() } : {}),
    ...(discount && discount > 0 && form.discountReason.trim().length >= 3
      ? { manualDiscount: { amount: discount, reason: form.discountReason.trim() } }
      : {}),
  }
}

/**
 * The order the form makes, or what it still has wrong (keys as the server names fields, so both kinds of
 * message show at the same place).
 */
export function requestOf(form: TakeForm): { body: StaffOrderBody | null; problems: Record<string, string> } {
  const problems: Record<string, string> = {}
  if (!form.source) problems.source = t('admin-orders.take-need-source')
  const phone = normalizeBdPhone(form.phone)
  if (!phone) problems['customer.phone'] = t('admin-orders.take-need-phone')
  if (form.name.trim().length < 2) problems['customer.name'] = t('admin-orders.take-need-name')
  if (form.lines.length === 0) problems.lines = t('admin-orders.take-need-line')
  form.lines.forEach((line, index) => {
    const quantity = amountOf(line.quantity)
    if (!quantity || !Number.isInteger(quantity) || quantity > ORDER_EDIT_QUANTITY) {
      problems[`lines.${index}`] = t('admin-orders.edit-need-quantity')
    }
  })
  if (!form.address.area) problems['address.area'] = t('admin-orders.take-need-area')
  if (form.address.street.trim().length < 3) problems['address.street'] = t('admin-orders.take-need-street')
  const discount = form.discount.trim() ? amountOf(form.discount) : 0
  if (discount === null) problems['manualDiscount.amount'] = t('admin-orders.take-need-amount')
  if (discount && form.discountReason.trim().length < 3) {
    problems['manualDiscount.reason'] = t('admin-orders.take-need-reason')
  }
  const advance = amountOf(form.advance)
  if (form.paidBy === 'advance') {
    if (!advance) problems['advance.amount'] = t('admin-orders.take-need-amount')
    if (!/^[A-Za-z0-9]{6,20}$/.test(form.transactionId.trim())) {
      problems['advance.transactionId'] = t('admin-orders.take-need-trxid')
    }
  }
  if (Object.keys(problems).length > 0 || !phone || !form.source) return { body: null, problems }
  const name = form.name.trim()
  return {
    body: {
      source: form.source,
      language: form.language,
      customer: { name, phone },
      address: { ...form.address, name, phone },
      lines: linesOf(form),
      ...(form.coupon.trim() ? { coupon: form.coupon.trim() } : {}),
      ...(discount ? { manualDiscount: { amount: discount, reason: form.discountReason.trim() } } : {}),
      ...(form.paidBy === 'advance' && advance
        ? { advance: { wallet: form.wallet, transactionId: form.transactionId.trim(), amount: advance } }
        : {}),
      notes: form.notes.trim(),
    },
    problems,
  }
}

/** The form saved as a draft: whatever is filled in, nothing checked. */
export function draftOf(form: TakeForm): OrderDraftBody {
  const cut = (text: string, max: number) => text.trim().slice(0, max)
  return {
    ...(form.source ? { source: form.source } : {}),
    language: form.language,
    customer: { name: cut(form.name, 100), phone: cut(form.phone, 20) },
    address: {
      division: form.address.division,
      district: form.address.district,
      area: form.address.area,
      street: cut(form.address.street, 300),
      landmark: cut(form.address.landmark, 200),
    },
    lines: linesOf(form),
    ...(form.coupon.trim() ? { coupon: cut(form.coupon, 40) } : {}),
    manualDiscount: {
      ...(amountOf(form.discount) !== null ? { amount: amountOf(form.discount) ?? 0 } : {}),
      reason: cut(form.discountReason, 200),
    },
    ...(form.paidBy === 'advance'
      ? {
          advance: {
            wallet: form.wallet,
            transactionId: cut(form.transactionId, 20),
            ...(amountOf(form.advance) !== null ? { amount: amountOf(form.advance) ?? 0 } : {}),
          },
        }
      : {}),
    notes: cut(form.notes, 500),
  }
}

/**
 * A draft read back into the form; its lines read by their skus until the server prices them (the names come
 * with the first price, `names`).
 */
export function formOfDraft(content: OrderDraftContent): TakeForm {
  return {
    ...emptyForm,
    source: content.source ?? emptyForm.source,
    language: content.language ?? emptyForm.language,
    phone: content.customer?.phone ?? '',
    name: content.customer?.name ?? '',
    lines: content.lines.map((line) => ({
      skuId: line.skuId,
      quantity: String(line.quantity),
      name: '',
      variant: '',
      sku: '',
      price: 0,
    })),
    address: { ...emptyAddress, ...content.address, name: '', phone: '' },
    coupon: content.coupon ?? '',
    discount: content.manualDiscount?.amount ? String(content.manualDiscount.amount) : '',
    discountReason: content.manualDiscount?.reason ?? '',
    paidBy: content.advance ? 'advance' : 'cod',
    wallet: content.advance?.wallet ?? 'bkash',
    transactionId: content.advance?.transactionId ?? '',
    advance: content.advance?.amount ? String(content.advance.amount) : '',
    notes: content.notes,
  }
}
