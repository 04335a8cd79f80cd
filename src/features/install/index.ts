// Public face of installing the app to the home screen.
export { InstallAppButton } from './install-app'
export { InstallBanner } from './install-banner'
export { captureInstallPrompt, promptInstall } from './install-state'
