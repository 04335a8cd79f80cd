import { type Algorithm, hash, verify } from '@node-rs/argon2'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/contract/auth'
import { passwordWeakness } from './password-guesses'

/**
 * The password policy: NIST SP 800-63B's length (at least 8, whatever PASSWORD_POLICY says) and no composition
 * rule by default; each requirement can be switched on.
 */
export type PasswordPolicy = {
  min: number
  max: number
  lower: boolean
  upper: boolean
  digit: boolean
  symbol: boolean
}

export const defaultPasswordPolicy: PasswordPolicy = {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  lower: false,
  upper: false,
  digit: false,
  symbol: false,
}

/** Every rule the password breaks, in words a shopper understands; empty when it is acceptable. */
export function passwordProblems(password: string, policy: PasswordPolicy = defaultPasswordPolicy): string[] {
  const problems: string[] = []
  const length = [...password].length
  const min = Math.max(policy.min, PASSWORD_MIN_LENGTH)
  if (length < min) problems.push(`Use at least ${min} characters`)
  if (length > policy.max) problems.push(`Use at most ${policy.max} characters`)
  if (policy.lower && !/\p{Ll}/u.test(password)) problems.push('Add a lowercase letter')
  if (policy.upper && !/\p{Lu}/u.test(password)) problems.push('Add an uppercase letter')
  if (policy.digit && !/\d/.test(password)) problems.push('Add a digit')
  if (policy.symbol && !/[^\p{L}\p{N}]/u.test(password)) problems.push('Add a symbol')
  return problems
}

export const PERSONAL_PASSWORD = 'Do not use your mobile number or name in your password'
export const GUESSABLE_PASSWORD =
  'This password is too common or too easy to guess. Use a longer one, such as a few unrelated words.'

/** Whose password it is: their own details are refused in it. */
export type PasswordOwner = { phone?: string | null; names?: string[] }

/**
 * The one rule for every password someone chooses (a shopper's registration, reset and change; a staff
 * member's setup and change): the policy, then no common, breached or guessable password, nor one made of the
 * person's own number or name. Every problem, in words a shopper understands; empty when it is acceptable.
 */
export async function newPasswordProblems(
  password: string,
  policy: PasswordPolicy,
  owner: PasswordOwner,
): Promise<string[]> {
  const problems = passwordProblems(password, policy)
  if (problems.length) return problems
  const weakness = await passwordWeakness(password, owner)
  if (weakness === 'personal') return [PERSONAL_PASSWORD]
  if (weakness === 'guessable') return [GUESSABLE_PASSWORD]
  return []
}

/** Reads `PASSWORD_POLICY` like `min=8,max=64,upper,digit` (unknown words are ignored). */
export function parsePasswordPolicy(text: string | undefined): PasswordPolicy {
  const policy = { ...defaultPasswordPolicy }
  for (const part of (text ?? '').split(',')) {
    const [key, value] = part.trim().split('=')
    if (key === 'min' || key === 'max') {
      const n = Number(value)
      if (Number.isInteger(n) && n > 0) policy[key] = n
    } else if (key === 'lower' || key === 'upper' || key === 'digit' || key === 'symbol') {
      policy[key] = true
    }
  }
  return policy
}

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const argon2Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined
/** Spends the same time as a real check so an unknown phone cannot be told from a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password')
  await verifyPassword(await dummyHash, password)
  return false
}
