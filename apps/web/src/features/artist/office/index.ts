export { OfficeSettingsPage } from './components/OfficeSettingsPage';
export { OfficeInvitationPage } from './components/OfficeInvitationPage';
export { useListOfficesQuery } from './api/offices.api';
