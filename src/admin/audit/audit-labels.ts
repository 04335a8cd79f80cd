import { type MessageKey, msg, t } from '../../i18n'

/* How the audit log names what was done (the server's `object.verb` keys) in the page's language. */
const objects: Record<string, MessageKey> = {
  order: msg('admin.audit-object-order'),
  orders: msg('admin.audit-object-orders'),
  product: msg('admin.audit-object-product'),
  sku: msg('admin.audit-object-sku'),
  category: msg('admin.audit-object-category'),
  brand: msg('admin.audit-object-brand'),
  campaign: msg('admin.audit-object-campaign'),
  coupon: msg('admin.audit-object-coupon'),
  customer: msg('admin.audit-object-customer'),
  customers: msg('admin.audit-object-customers'),
  staff: msg('admin.audit-object-staff'),
  settings: msg('admin.audit-object-settings'),
  image: msg('admin.audit-object-image'),
  page: msg('admin.audit-object-page'),
  menu: msg('admin.audit-object-menu'),
  home: msg('admin.audit-object-home'),
  review: msg('admin.audit-object-review'),
  'courier-place': msg('admin.audit-object-courier-place'),
  catalogue: msg('admin.audit-object-catalogue'),
}

const verbs: Record<string, MessageKey> = {
  create: msg('admin.audit-verb-create'),
  update: msg('admin.audit-verb-update'),
  delete: msg('admin.audit-verb-delete'),
  reorder: msg('admin.audit-verb-reorder'),
  import: msg('admin.audit-verb-import'),
  export: msg('admin.audit-verb-export'),
  disable: msg('admin.audit-verb-disable'),
  remove: msg('admin.audit-verb-remove'),
  save: msg('admin.audit-verb-save'),
  block: msg('admin.audit-verb-block'),
  unblock: msg('admin.audit-verb-unblock'),
  note: msg('admin.audit-verb-note'),
  upload: msg('admin.audit-verb-upload'),
  edit: msg('admin.audit-verb-edit'),
  refund: msg('admin.audit-verb-refund'),
  return: msg('admin.audit-verb-return'),
  ship: msg('admin.audit-verb-ship'),
  status: msg('admin.audit-verb-status'),
  'transfer-verify': msg('admin.audit-verb-transfer-verify'),
  'transfer-reject': msg('admin.audit-verb-transfer-reject'),
  publish: msg('admin.audit-verb-publish'),
  unpublish: msg('admin.audit-verb-unpublish'),
  archive: msg('admin.audit-verb-archive'),
  discount: msg('admin.audit-verb-discount'),
  duplicate: msg('admin.audit-verb-duplicate'),
  stock: msg('admin.audit-verb-stock'),
  skus: msg('admin.audit-verb-skus'),
  'first-owner': msg('admin.audit-verb-first-owner'),
  invite: msg('admin.audit-verb-invite'),
  password: msg('admin.audit-verb-password'),
  'shop-password-reset': msg('admin.audit-verb-shop-password-reset'),
  'sign-in': msg('admin.audit-verb-sign-in'),
  'sign-in-failed': msg('admin.audit-verb-sign-in-failed'),
  totp: msg('admin.audit-verb-totp'),
  'totp-reset': msg('admin.audit-verb-totp-reset'),
  approve: msg('admin.audit-verb-approve'),
  hide: msg('admin.audit-verb-hide'),
  reply: msg('admin.audit-verb-reply'),
}

const hasOwn = (table: Record<string, MessageKey>, name: string) => Object.hasOwn(table, name)

/** An object type (`order`, `courier-place`) in words; one the table does not know, as the server wrote it. */
export function auditObject(type: string): string {
  return hasOwn(objects, type) ? t(objects[type] as MessageKey) : type
}

/** An action (`settings.update`) in words; one the table does not know, as the server wrote it. */
export function auditAction(action: string): string {
  const [object = '', verb = ''] = action.split('.', 2)
  if (!hasOwn(objects, object) || !hasOwn(verbs, verb)) return action
  return t('admin.audit-action-label', { object: auditObject(object), verb: t(verbs[verb] as MessageKey) })
}
