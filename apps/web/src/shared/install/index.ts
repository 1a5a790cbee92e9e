export {
  listenForInstallPrompt,
  useInstallOffer,
  dismissInstallPrompt,
  promptInstall,
  isIosSafari,
  isStandalone,
  INSTALL_DISMISSED_KEY,
  type BeforeInstallPromptEvent,
  type InstallOffer,
} from './install-prompt';
export { InstallPrompt } from './InstallPrompt';
export { registerServiceWorker } from './service-worker';
