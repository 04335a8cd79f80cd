import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  UnsecuredJWT,
} from 'jose'

/** Keys that may sign an identity token: Google's published set, or a local set in tests. */
export type IdentityKeys = JWTVerifyGetKey

/** Firebase Authentication's signing keys as a JWK set. */
const SECURETOKEN_JWKS =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'

/** Fetched on first use, then cached (Google rotates keys every few hours and keeps the old ones a while). */
export function identityKeysFor(_projectId: string): IdentityKeys {
  return createRemoteJWKSet(new URL(SECURETOKEN_JWKS), {
    cacheMaxAge: 6 * 60 * 60 * 1000,
    cooldownDuration: 30_000,
    timeoutDuration: 5000,
  })
}

export type VerifiedIdentity = {
  subject: string
  email: string | null
  emailVerified: boolean
  /** `google.com`, `facebook.com`, … as Firebase records it */
  signInProvider: string | null
  name: string | null
}

export type VerifyOptions = {
  projectId: string
  keys: IdentityKeys
  acceptEmulatorTokens: boolean
  now: Date
}

/** How far a clock may drift between Google and us. */
const CLOCK_SKEW_SECONDS = 60

function identityFrom(payload: JWTPayload, now: Date): VerifiedIdentity | null {
  const nowSeconds = Math.floor(now.getTime() / 1000)
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) return null
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) return null
  if (typeof payload.exp !== 'number') return null
  const authTime = payload.auth_time
  if (typeof authTime === 'number' && authTime > nowSeconds + CLOCK_SKEW_SECONDS) return null
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined
  return {
    subject: payload.sub,
    email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
    emailVerified: payload.email_verified === true,
    signInProvider: typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : null,
    name: typeof payload.name === 'string' ? payload.name : null,
  }
}

/**
 * A Firebase ID token checked the way Google documents it: RS256 by a published key, `aud` = the
 * project, `iss` = securetoken for the project, not expired, issued in the past, a non-empty `sub`.
 * Anything else — missing, forged, expired, another project's — is null.
 */
export async function verifyIdentityToken(
  token: string | undefined,
  options: VerifyOptions,
): Promise<VerifiedIdentity | null> {
  if (!token) return null
  const issuer = `https://securetoken.google.com/${options.projectId}`
  const claims = {
    issuer,
    audience: options.projectId,
    currentDate: options.now,
    clockTolerance: CLOCK_SKEW_SECONDS,
  }
  try {
    const header = decodeProtectedHeader(token)
    if (header.alg === 'none') {
      // the Auth emulator signs nothing; accepted only when the emulator is configured outside production
      if (!options.acceptEmulatorTokens) return null
      const { payload } = UnsecuredJWT.decode(token, claims)
      return identityFrom(payload, options.now)
    }
    const { payload } = await jwtVerify(token, options.keys, { ...claims, algorithms: ['RS256'] })
    return identityFrom(payload, options.now)
  } catch {
    return null
  }
}

/** The Firebase sign-in provider each storefront provider name stands for. */
export const firebaseProviderOf = { GMAIL: 'google.com', FACEBOOK: 'facebook.com' } as const
