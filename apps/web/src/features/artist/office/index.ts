export { OfficeSettingsPage } from './components/OfficeSettingsPage';
export { OfficeInvitationPage } from './components/OfficeInvitationPage';
export { OfficeSwitcher } from './components/OfficeSwitcher';
export { useListOfficesQuery } from './api/offices.api';
export { useChosenOffice, type ChosenOffice } from './hooks/use-chosen-office';
