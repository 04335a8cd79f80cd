import { DEFAULT_SHOP, DEMO_API_KEY } from '../contract/common'

/**
 * Build-time settings of the PWA. The api key is public by nature: it identifies the storefront, not a person.
 * The Firebase values are fallbacks: at sign-in the server's `GET /api/v1/config` says which project (and
 * which Auth emulator) it verifies tokens for.
 */
export const env = {
  apiKey: (import.meta.env.VITE_API_KEY as string | undefined) ?? DEMO_API_KEY,
  shop: (import.meta.env.VITE_SHOP as string | undefined) ?? DEFAULT_SHOP,
  firebaseProjectId: (import.meta.env.VITE_FIREBASE_PROJECT_ID as string | undefined) ?? 'demo-haat',
  firebaseApiKey: (import.meta.env.VITE_FIREBASE_API_KEY as string | undefined) ?? 'demo-api-key',
  /** set for tests and local demos: the Firebase Auth emulator's host:port */
  firebaseAuthEmulator: import.meta.env.VITE_FIREBASE_AUTH_EMULATOR as string | undefined,
  buildId: __BUILD_ID__,
}
