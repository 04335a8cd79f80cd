// Public face of carts left behind (docs/carts-left-behind.md): the pages a reminder's two links open.

export { RestoreCartPage } from './restore-page'
export { StopRemindersPage } from './stop-page'
