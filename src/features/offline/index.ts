// Public face of the offline experience, for the app shell: the banner, reconnecting, the update toast
// and which queries outlive a reload.

export { OfflineBanner } from './offline-banner'
export { shouldPersistQuery } from './persist-rules'
export { refreshOnReconnect } from './reconnect'
export { showUpdateToast } from './update-toast'
