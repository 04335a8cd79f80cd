// Public face of the server cart sync, mounted once by the shell.
export { ServerCartSync } from './server-cart-sync'
