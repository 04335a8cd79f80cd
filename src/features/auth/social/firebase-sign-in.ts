// Loaded only when a social button is pressed: Firebase never ships in the initial JavaScript.
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  type AuthProvider,
  connectAuthEmulator,
  FacebookAuthProvider,
  GoogleAuthProvider,
  getAuth,
  signInWithPopup,
} from 'firebase/auth'
import type { SocialLoginBody, SocialProvider } from '../../../contract/auth'
import { splitFullName } from '../../../lib/full-name'
import { firebaseSettings } from './firebase-config'

let auth: Promise<Auth> | undefined

async function connect(): Promise<Auth> {
  const settings = await firebaseSettings()
  const app: FirebaseApp =
    getApps()[0] ??
    initializeApp({ apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId })
  const connected = getAuth(app)
  if (settings.authEmulatorHost) {
    connectAuthEmulator(connected, `http://${settings.authEmulatorHost}`, { disableWarnings: true })
  }
  return connected
}

/** One Firebase Auth instance per page, set up on first use. */
function firebaseAuth(): Promise<Auth> {
  auth ??= connect()
  return auth
}

function providerFor(provider: SocialProvider): AuthProvider {
  if (provider === 'FACEBOOK') return new FacebookAuthProvider()
  const google = new GoogleAuthProvider()
  google.setCustomParameters({ prompt: 'select_account' })
  return google
}

/**
 * Signs in through the provider's popup (Firebase opens it 500 × 600) and returns the storefront §3 social
 * payload with the ID token that proves it. Popup failures reject with the provider's error code.
 */
export async function signInWithProvider(provider: SocialProvider): Promise<SocialLoginBody> {
  const authProvider = providerFor(provider)
  const result = await signInWithPopup(await firebaseAuth(), authProvider)
  const profile = result.user.providerData.find((info) => info.providerId === authProvider.providerId)
  const { firstName, lastName } = splitFullName(result.user.displayName ?? profile?.displayName)
  return {
    firstName,
    lastName,
    email: result.user.email ?? profile?.email ?? null,
    provider,
    userKey: profile?.uid ?? result.user.uid,
    idToken: await result.user.getIdToken(),
  }
}
