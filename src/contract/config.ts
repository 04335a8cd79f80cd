import { z } from 'zod'

/**
 * Public settings the server hands the page at run time, so one build serves every environment.
 * Nothing here is secret: a Firebase web api key only identifies the project.
 */
export const publicConfig = z.object({
  firebase: z.object({
    projectId: z.string(),
    /** null: the build's own value applies */
    apiKey: z.string().nullable(),
    authDomain: z.string().nullable(),
    /** host:port of the Firebase Auth emulator (tests and local demos; never set in production) */
    authEmulatorHost: z.string().nullable(),
  }),
})
export type PublicConfig = z.infer<typeof publicConfig>

export const publicConfigAnswer = z.object({ data: publicConfig })
