import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { DeliveryZone } from '../../src/contract/addresses'
import type { Language } from '../../src/contract/language'
import { type AdvanceRule, transferWallets } from '../../src/contract/orders'
import {
  defaultCartReminders,
  defaultOrderLimits,
  defaultRewardPoints,
  type MarketingSettings,
  noChat,
  noMarketing,
  type SettingsAnswer,
  type ShopInfo,
  type ShopPaymentMethod,
  type ShopSettings,
  shopPaymentMethods,
  shopSettings,
  whatsAppDigits,
} from '../../src/contract/settings'
import { builtInShop } from '../../src/lib/shop'
import { builtInContact } from '../../src/lib/shop-contact'
import type { Db, Tx } from '../db/client'
import { isoTime } from '../db/results'
import { settings, users } from '../db/schema'
import { activeDeliveryCharges, type DeliveryCharges, deliveryEstimate } from '../domain/delivery'
import { type MarketingSecrets, maskSecrets, openSecrets, sealSecrets } from '../marketing/secrets'
import { translateMessage } from '../messages/translate'
import { paymentProvider } from '../payments/providers'
import type { Actor } from './audit'

export type SettingsRecord = SettingsAnswer['data']

/** A save over someone else's: nothing was written. */
export class SettingsConflictError extends Error {
  constructor(
    readonly by: string | null,
    readonly at: string,
  ) {
    super('settings changed meanwhile')
  }
}

export type SettingsRepository = {
  /**
   * The shop's settings as saved (the first start's until the owner saves), kept a few seconds. Inside a
   * transaction pass its `tx`: when the kept ones are too old they are read through it (on the embedded
   * database a read past the transaction would wait for the connection the transaction holds).
   */
  current(tx?: Tx): Promise<SettingsRecord>
  /**
   * The shop's name in a text or page in `language` (a Bangla name left empty is the English one). `tx`: read
   * in the caller's transaction, when the kept settings are too old (a text queued with an order's change).
   */
  shopName(language: Language, tx?: Tx): Promise<string>
  /** saves over `version`, or throws SettingsConflictError; every instance reads the new ones at once */
  save(version: number, value: ShopSettings, actor: Actor): Promise<SettingsRecord>
  /** whether checkout takes this payment method now (switched on, and a provider for it) */
  offers(method: string): Promise<boolean>
  /** each zone's charge for a parcel up to the base weight, as the locations list shows it */
  deliveryCharges(): Promise<DeliveryCharges>
  /**
   * The ad and analytics tags as saved, their secrets opened: for the server's own sends, never an answer.
   * `tx`: as for `current`.
   */
  marketing(tx?: Tx): Promise<MarketingSettings & MarketingSecrets>
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsRepository
  }
}

const KEY = 'shop'
/** how long an instance keeps what it read; a save drops it at once everywhere (the change feed) */
const KEEP_MS = 30_000

const socialNames = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok' }

/** The first start's texts that the storefront keeps in its footer's messages (footer.json). */
const firstStartTexts = {
  address: {
    en: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
    bn: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫, বাংলাদেশ',
  },
  hours: {
    en: 'Saturday to Friday, 10AM to 11PM',
    bn: 'শনিবার থেকে শুক্রবার, সকাল ১০টা থেকে রাত ১১টা',
  },
}

/** The first start's settings: the built-in shop, DELIVERY_CHARGES, and the shop's usual defaults. */
export function firstStartSettings(charges: DeliveryCharges = activeDeliveryCharges()): ShopSettings {
  const social = Object.fromEntries(
    Object.entries(socialNames).map(([key, name]) => [
      key,
      builtInContact.social.find((link) => link.name === name)?.url ?? '',
    ]),
  ) as ShopSettings['social']
  const zone = (name: DeliveryZone) => ({
    charge: charges[name],
    perKg: 0,
    estimate: { en: deliveryEstimate(name), bn: translateMessage(deliveryEstimate(name), 'bn') },
  })
  return {
    name: { ...builtInShop.names },
    logo: null,
    phones: [...builtInShop.phones],
    address: { ...firstStartTexts.address },
    email: builtInContact.email,
    hours: { ...firstStartTexts.hours },
    social,
    delivery: {
      inside_dhaka: zone('inside_dhaka'),
      dhaka_suburbs: zone('dhaka_suburbs'),
      outside_dhaka: zone('outside_dhaka'),
      baseKg: 1,
      freeAbove: 0,
    },
    vatPercent: 0,
    lowStockThreshold: 5,
    orderLimits: { ...defaultOrderLimits },
    rewardPoints: { ...defaultRewardPoints },
    reviews: { holdSignedIn: false },
    cartReminders: { ...defaultCartReminders },
    chat: structuredClone(noChat),
    marketing: { ...noMarketing },
    returnPolicy: {
      en: [
        'Return or exchange a product within 7 days of delivery if it is unused with its tags. Call us and we will arrange the pickup.',
        '- Size exchange is free inside Dhaka\n- Refunds are sent to bKash or your bank within 5 working days\n- Innerwear and jewellery cannot be returned for hygiene reasons',
      ].join('\n\n'),
      bn: [
        'ডেলিভারির ৭ দিনের মধ্যে পণ্য ফেরত বা বদল করা যাবে, যদি পণ্যটি ব্যবহার না করা হয় এবং ট্যাগ লাগানো থাকে। আমাদের কল করুন, আমরা পণ্যটি সংগ্রহের ব্যবস্থা করব।',
        '- ঢাকার ভেতরে সাইজ বদল ফ্রি\n- টাকা ফেরত ৫ কর্মদিবসের মধ্যে বিকাশ বা আপনার ব্যাংক অ্যাকাউন্টে পাঠানো হয়\n- স্বাস্থ্যগত কারণে অন্তর্বাস ও গয়না ফেরত নেওয়া হয় না',
      ].join('\n\n'),
    },
    returnSummary: { en: '7-day easy return or exchange', bn: '৭ দিনের সহজ ফেরত বা বদল' },
    payments: {
      cod: {
        enabled: true,
        limit: 0,
        maxOpen: 0,
        confirmAbove: 0,
        advance: { outsideDhaka: false, above: 0 },
      },
      bkash: { enabled: true },
      transfer: { enabled: false, numbers: { bkash: '', nagad: '', rocket: '' } },
    },
    seo: {
      title: {
        en: `${builtInShop.names.en} — fashion for Bangladesh`,
        bn: `${builtInShop.names.bn} — বাংলাদেশের ফ্যাশন`,
      },
      description: {
        en: 'Shop panjabi, saree, kurti, shirts, footwear and more. Cash on delivery anywhere in Bangladesh.',
        bn: 'পাঞ্জাবি, শাড়ি, কুর্তি, শার্ট, জুতা আর আরও অনেক কিছু কিনুন। সারা বাংলাদেশে ক্যাশ অন ডেলিভারি।',
      },
    },
  }
}

/**
 * The payment methods checkout offers: switched on in the settings and taken by this server (bKash needs its
 * credentials). A method the settings do not name (a gateway the deployment adds) is offered when it is taken.
 */
export function offeredPayments(value: ShopSettings): string[] {
  return shopPaymentMethods.filter((method) => value.payments[method].enabled && paymentProvider(method))
}

/** Whether checkout takes this method now. */
export function offersPayment(value: ShopSettings, method: string): boolean {
  if (!paymentProvider(method)) return false
  const named = (shopPaymentMethods as readonly string[]).includes(method)
  return !named || value.payments[method as ShopPaymentMethod].enabled
}

/**
 * Where cash on delivery asks its delivery charge in advance: as the settings say, while cash on delivery and a
 * way to pay the charge (bKash, Send Money) are offered; asked nowhere otherwise.
 */
export function advanceRule(value: ShopSettings): AdvanceRule {
  const offered = offeredPayments(value)
  const payable = offered.includes('bkash') || offered.includes('transfer')
  return offered.includes('cod') && payable ? value.payments.cod.advance : { outsideDhaka: false, above: 0 }
}

/** The shop's name in `language`, as texts and pages name it: an empty Bangla name is the English one. */
export function shopNameIn(value: Pick<ShopSettings, 'name'>, language: Language): string {
  return (language === 'bn' && value.name.bn) || value.name.en
}

/** What the storefront shows of the settings; an empty Bangla text is the English one. */
export function shopInfo(value: ShopSettings, mediaRoot: string): ShopInfo {
  const both = (text: { en: string; bn: string }) => ({ en: text.en, bn: text.bn || text.en })
  return {
    name: both(value.name),
    title: both(value.seo.title),
    logo: value.logo ? `${mediaRoot}/${value.logo}` : null,
    phones: value.phones,
    address: both(value.address),
    email: value.email,
    hours: both(value.hours),
    social: Object.entries(socialNames)
      .map(([key, name]) => ({ name, url: value.social[key as keyof ShopSettings['social']] }))
      .filter((link) => link.url !== ''),
    delivery: (['inside_dhaka', 'dhaka_suburbs', 'outside_dhaka'] as const).map((zone) => ({
      zone,
      charge: value.delivery[zone].charge,
      perKg: value.delivery[zone].perKg,
      estimate: both(value.delivery[zone].estimate),
    })),
    deliveryBaseKg: value.delivery.baseKg,
    freeDeliveryAbove: value.delivery.freeAbove,
    returnPolicy: both(value.returnPolicy),
    returnSummary: both(value.returnSummary),
    payments: offeredPayments(value),
    transferTo: offeredPayments(value).includes('transfer')
      ? transferWallets
          .map((wallet) => ({ wallet, number: value.payments.transfer.numbers[wallet] }))
          .filter((to) => to.number !== '')
      : [],
    codConfirmAbove: offeredPayments(value).includes('cod') ? value.payments.cod.confirmAbove : 0,
    codAdvance: advanceRule(value),
    chat: {
      whatsapp: value.chat.whatsapp.show ? whatsAppDigits(value.chat.whatsapp.number) : null,
      messenger: value.chat.messenger.show ? value.chat.messenger.username : null,
    },
    ...(value.marketing.metaPixelId || value.marketing.ga4MeasurementId
      ? {
          track: {
            meta: value.marketing.metaPixelId,
            ga: value.marketing.ga4MeasurementId,
            ask: value.marketing.askConsent,
          },
        }
      : {}),
  }
}

/** The top-level fields whose values differ, before and after (what the audit log keeps of a save). */
export function changedFields(before: ShopSettings, after: ShopSettings) {
  const keys = (Object.keys(after) as (keyof ShopSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  )
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  }
}

const staffName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`

async function readRow(db: Pick<Db, 'select'>, lock = false) {
  const query = db
    .select({
      value: settings.value,
      version: settings.version,
      updatedAt: settings.updatedAt,
      updatedBy: staffName,
      updatedById: settings.updatedBy,
      phone: users.phone,
    })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedBy))
    .where(eq(settings.key, KEY))
  const [row] = lock ? await query.for('update', { of: settings }) : await query
  return row
}

/**
 * A stored value read through the contract: a field the contract gained since it was saved takes the
 * first start's value, so an older row never breaks the storefront.
 */
function storedSettings(value: unknown): ShopSettings {
  const merged = { ...firstStartSettings(), ...(value as object) }
  const parsed = shopSettings.safeParse(merged)
  return parsed.success ? parsed.data : firstStartSettings()
}

export default fp(
  async function settingsRepository(app: FastifyInstance) {
    // `record` shows the secrets masked (what any answer may carry), `stored` keeps them sealed
    let kept: { record: SettingsRecord; stored: ShopSettings; at: number } | null = null
    app.changeFeed.subscribe((change) => {
      if (change.settings || change.all) kept = null
    })

    const read = async (db: Pick<Db, 'select'> = app.db) => {
      const row = await readRow(db)
      if (!row) {
        const first = firstStartSettings()
        return { record: { settings: first, version: 1, updatedAt: null, updatedBy: null }, stored: first }
      }
      const stored = storedSettings(row.value)
      const record: SettingsRecord = {
        settings: maskSecrets(app.sealingKey, stored),
        version: row.version,
        updatedAt: isoTime(row.updatedAt),
        updatedBy: row.updatedBy ?? row.phone ?? null,
      }
      return { record, stored }
    }
    const keptRead = async (tx?: Tx) => {
      const now = Date.now()
      if (kept && now - kept.at < KEEP_MS) return kept
      kept = { ...(await read(tx)), at: now }
      return kept
    }
    const current = async (tx?: Tx) => (await keptRead(tx)).record

    app.decorate('settings', {
      current: (tx) => current(tx),
      shopName: async (language, tx) => shopNameIn((await current(tx)).settings, language),
      offers: async (method) => offersPayment((await current()).settings, method),
      async deliveryCharges() {
        const { delivery } = (await current()).settings
        return {
          inside_dhaka: delivery.inside_dhaka.charge,
          dhaka_suburbs: delivery.dhaka_suburbs.charge,
          outside_dhaka: delivery.outside_dhaka.charge,
        }
      },
      async marketing(tx) {
        const { stored } = await keptRead(tx)
        return { ...stored.marketing, ...openSecrets(app.sealingKey, stored) }
      },
      async save(version, value, actor) {
        await app.db.transaction(async (tx) => {
          await tx
            .insert(settings)
            .values({ key: KEY, value: firstStartSettings(), version: 1, updatedAt: new Date(0) })
            .onConflictDoNothing()
          const row = await readRow(tx, true)
          if (!row) throw new Error('the settings row is missing')
          if (row.version !== version) {
            throw new SettingsConflictError(row.updatedBy ?? row.phone ?? null, isoTime(row.updatedAt))
          }
          const before = storedSettings(row.value)
          const sealed = sealSecrets(app.sealingKey, before, value)
          await tx
            .update(settings)
            .set({
              value: sealed,
              version: row.version + 1,
              updatedAt: app.clock.now(),
              updatedBy: actor.staffId,
            })
            .where(eq(settings.key, KEY))
          await app.audit.record(
            actor,
            {
              action: 'settings.update',
              objectType: 'settings',
              objectId: KEY,
              ...changedFields(maskSecrets(app.sealingKey, before), maskSecrets(app.sealingKey, sealed)),
            },
            tx,
          )
        })
        kept = null
        app.changeFeed.publish({ settings: true })
        return current()
      },
    } satisfies SettingsRepository)
  },
  { name: 'settings-repository', dependencies: ['context', 'change-feed'] },
)
