// Public face of installing the app to the home screen.
export { InstallAppButton, InstallBanner } from './install-app'
export { captureInstallPrompt, promptInstall } from './install-state'
