import { SECRET_MASK, type ShopSettings } from '../../src/contract/settings'
import { type SealingKey, seal, unseal } from '../domain/sealed'

/** The marketing settings' secrets: kept sealed in the settings row, never answered, shown masked. */
export const MARKETING_SECRETS = ['metaAccessToken', 'ga4ApiSecret'] as const
type SecretName = (typeof MARKETING_SECRETS)[number]
export type MarketingSecrets = Record<SecretName, string>

/** each secret sealed to its own field: a sealed value copied onto another field does not open */
const context = (name: SecretName) => `settings:marketing:${name}`

/** The secrets as saved, opened ('' for none, or one that does not open under this key). */
export function openSecrets(key: SealingKey, value: ShopSettings): MarketingSecrets {
  const open = (name: SecretName) => {
    const stored = value.marketing[name]
    return stored === '' ? '' : (unseal(key, stored, context(name)) ?? '')
  }
  return { metaAccessToken: open('metaAccessToken'), ga4ApiSecret: open('ga4ApiSecret') }
}

/** What an answer, or the audit log, shows of the settings: each saved secret as the mask and its last four characters. */
export function maskSecrets(key: SealingKey, value: ShopSettings): ShopSettings {
  const opened = openSecrets(key, value)
  const masked = (name: SecretName) => (opened[name] === '' ? '' : `${SECRET_MASK}${opened[name].slice(-4)}`)
  return {
    ...value,
    marketing: {
      ...value.marketing,
      metaAccessToken: masked('metaAccessToken'),
      ga4ApiSecret: masked('ga4ApiSecret'),
    },
  }
}

/**
 * The settings to store from a save: a secret sent back masked keeps the one saved, an empty one is removed,
 * and a new one is sealed.
 */
export function sealSecrets(key: SealingKey, stored: ShopSettings, saved: ShopSettings): ShopSettings {
  const next = (name: SecretName) => {
    const given = saved.marketing[name]
    if (given.startsWith(SECRET_MASK)) return stored.marketing[name]
    return given === '' ? '' : seal(key, given, context(name))
  }
  return {
    ...saved,
    marketing: {
      ...saved.marketing,
      metaAccessToken: next('metaAccessToken'),
      ga4ApiSecret: next('ga4ApiSecret'),
    },
  }
}
