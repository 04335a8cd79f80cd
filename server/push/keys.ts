import type { FastifyInstance } from 'fastify'
import webPush from 'web-push'
import { pushKeys } from '../db/schema'
import { seal, unseal } from '../domain/sealed'

/** The shop's VAPID key pair (RFC 8292): the public key is the app's `applicationServerKey`. */
export type VapidKeys = { publicKey: string; privateKey: string }

/** the private key sealed to this one use: a sealed value copied elsewhere does not open */
const CONTEXT = 'push:vapid-private-key'

/**
 * The key pair kept in `push_keys`, made on the first start: every instance offers its pair and the first
 * insert wins (the others' are dropped unused), so all instances sign with the one pair the browsers hold.
 * The private key is stored sealed with the shop's sealing key and is never answered, logged or sent.
 */
export async function loadVapidKeys(app: FastifyInstance): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys()
  await app.db
    .insert(pushKeys)
    .values({
      id: 1,
      publicKey: made.publicKey,
      privateKeySealed: seal(app.sealingKey, made.privateKey, CONTEXT),
      createdAt: app.clock.now(),
    })
    .onConflictDoNothing({ target: pushKeys.id })
  const [kept] = await app.db.select().from(pushKeys)
  if (!kept) throw new Error('The push keys could not be kept')
  const privateKey = unseal(app.sealingKey, kept.privateKeySealed, CONTEXT)
  if (privateKey === null) {
    throw new Error('The push keys do not open with this SECRETS_KEY: pushes cannot be signed')
  }
  return { publicKey: kept.publicKey, privateKey }
}

/** The VAPID contact: PUSH_CONTACT, else the shop's https address, else a mailto the push services accept. */
export function vapidSubject(config: FastifyInstance['config']): string {
  if (config.PUSH_CONTACT) return config.PUSH_CONTACT
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL
  return 'mailto:shop@haat.invalid'
}
