/// <reference types="vite/client" />
declare const __BUILD_ID__: string
/** where images are fetched from: `/media`, or the CDN/bucket of MEDIA_PUBLIC_URL at build time */
declare const __MEDIA_URL__: string

/** A language's compiled messages, keyed by the build's message ids (scripts/messages.ts). */
declare module 'virtual:haat-messages/*' {
  const messages: Record<string, unknown>
  export default messages
}
