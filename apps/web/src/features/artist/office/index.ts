export { OfficeSettingsPage } from './components/OfficeSettingsPage';
export { OfficeInvitationPage } from './components/OfficeInvitationPage';
