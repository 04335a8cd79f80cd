import { z } from 'zod/mini'

/**
 * Public settings the server hands the page at run time, so one build serves every environment.
 * Nothing here is secret: a Firebase web api key only identifies the project.
 */
export const publicConfig = z.object({
  firebase: z.object({
    projectId: z.string(),
    /** null: the build's own value applies */
    apiKey: z.nullable(z.string()),
    authDomain: z.nullable(z.string()),
    /** host:port of the Firebase Auth emulator (tests and local demos; never set in production) */
    authEmulatorHost: z.nullable(z.string()),
  }),
})
export type PublicConfig = z.infer<typeof publicConfig>

export const publicConfigAnswer = z.object({ data: publicConfig })
