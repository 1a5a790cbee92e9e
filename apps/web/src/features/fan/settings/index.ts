/** The fan settings feature's public surface. */
export { SettingsPage, type SettingsPageProps } from './components/SettingsPage';
export { settingsApi } from './api/settings.api';
