/**
 * The ad and analytics tags (docs/marketing-pixels.md): this module is itself a lazy chunk, loaded by the shell
 * only when the shop has switched a tag on.
 */
export { startTracking } from './start-tracking'
