import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/**
 * Words a stranger tries first at this shop: its name and the back office's, and the demo password the README
 * once published. The common dictionary (passwords seen in breaches, common words) comes on top.
 */
const SHOP_WORDS = ['haat', 'haat-owner-demo', 'haatownerdemo', 'owner', 'admin', 'manager', 'staff', 'shop']

/**
 * zxcvbn's score from which a password is taken: 2 is at least 10^6 guesses. Guessing online is throttled far
 * below that (routes/auth/limits.ts, routes/admin/limits.ts) and a stolen hash is argon2id; what this refuses is
 * the handful of guesses every attacker tries first (NIST SP 800-63B 3.1.1.2).
 */
const ENOUGH = 2

export type PasswordWeakness = 'personal' | 'guessable'

let checker: Promise<ZxcvbnFactory> | undefined
/** The dictionaries are a few megabytes: loaded at the first new password, not when the server starts. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, shop: SHOP_WORDS },
        graphs: common.adjacencyGraphs,
      }),
  )
  return checker
}

/** The ways a person's number is written, so that none of them is taken inside a password. */
function numberForms(phone: string): string[] {
  const local = phone.replace(/\D/g, '')
  if (local.length < 6) return []
  return [local, local.replace(/^0/, ''), `88${local}`, `+88${local}`]
}

/**
 * Why a password would fall to guessing (common, breached, a keyboard run, a repeat, or the person's own number
 * or name), or null when it is strong enough.
 */
export async function passwordWeakness(
  password: string,
  personal: { phone?: string | null; names?: string[] },
): Promise<PasswordWeakness | null> {
  const zxcvbn = await loadChecker()
  const inputs = [
    ...numberForms(personal.phone ?? ''),
    ...(personal.names ?? []).map((name) => name.trim()).filter((name) => name.length >= 3),
  ]
  const result = zxcvbn.check(password, inputs)
  if (result.score >= ENOUGH) return null
  const personalMatch = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  )
  return personalMatch ? 'personal' : 'guessable'
}
