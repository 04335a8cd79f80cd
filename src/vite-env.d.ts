/// <reference types="vite/client" />
declare const __BUILD_ID__: string

/** A language's compiled messages, keyed by the build's message ids (scripts/messages.ts). */
declare module 'virtual:haat-messages/*' {
  const messages: Record<string, unknown>
  export default messages
}
