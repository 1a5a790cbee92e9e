/** The listening settings feature's public surface, composed by the settings page and the dashboard route. */
export { ListeningSettingsSection, LISTENING_SECTION_ID } from './components/ListeningSettingsSection';
export { SyncStatusCard } from './components/SyncStatusCard';
export { listeningSettingsApi } from './api/listening-settings.api';
