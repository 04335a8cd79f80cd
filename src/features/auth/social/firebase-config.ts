import { publicConfigAnswer } from '../../../contract/config'
import { apiGet } from '../../../lib/api'
import { env } from '../../../lib/env'

export type FirebaseSettings = {
  apiKey: string
  projectId: string
  authDomain: string
  /** host:port of the Auth emulator, when the server names one */
  authEmulatorHost: string | null
}

/**
 * The Firebase project the server verifies sign-ins for, read when a social button is pressed: the
 * server's run-time settings win, and the build's values fill what it leaves out (or all of it when the
 * server cannot be asked).
 */
export async function firebaseSettings(): Promise<FirebaseSettings> {
  const built: FirebaseSettings = {
    apiKey: env.firebaseApiKey,
    projectId: env.firebaseProjectId,
    authDomain: `${env.firebaseProjectId}.firebaseapp.com`,
    authEmulatorHost: env.firebaseAuthEmulator ?? null,
  }
  const served = await apiGet('/config', publicConfigAnswer).then(
    (answer) => answer.data.firebase,
    () => null,
  )
  if (!served) return built
  return {
    apiKey: served.apiKey ?? built.apiKey,
    projectId: served.projectId,
    authDomain: served.authDomain ?? `${served.projectId}.firebaseapp.com`,
    // the server decides: it only accepts the emulator's tokens when it names the emulator itself
    authEmulatorHost: served.authEmulatorHost,
  }
}
