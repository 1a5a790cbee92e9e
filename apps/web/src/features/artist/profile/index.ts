/** The artist profile feature's public surface. */
export { ProfileUpdatePage } from './components/ProfileUpdatePage';
export { ProfilePrompt } from './components/ProfilePrompt';
export { profileStatus } from './profile-status';
