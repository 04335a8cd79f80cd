import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Secrets the server must read back (an authenticator app's shared secret) are kept sealed: AES-256-GCM
 * under the shop's sealing key (SECRETS_KEY, or a key file next to the embedded database), bound to what
 * they belong to (`context`, e.g. the staff member's id), so that a copy of the database, a backup or a dump
 * gives none of them away, and a sealed value moved onto another row does not open.
 */
export type SealingKey = Buffer

const VERSION = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16

/** The key from its configured text: any long random string (SECRETS_KEY) gives 32 bytes. */
export const sealingKey = (secret: string): SealingKey =>
  createHash('sha256').update(`haat-sealing-key:${secret}`).digest()

export const isSealed = (stored: string) => stored.startsWith(VERSION)

export function seal(key: SealingKey, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/**
 * The secret a sealed value holds; null when it does not open (another key, another context, a value
 * changed). A value kept before sealing existed (no version) is read as it is: the start seals it.
 */
export function unseal(key: SealingKey, stored: string, context: string): string | null {
  if (!isSealed(stored)) return stored
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64url')
  if (raw.length < IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return null
  }
}
