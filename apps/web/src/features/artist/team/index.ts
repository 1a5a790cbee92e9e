export { TeamPage } from './components/TeamPage';
export { TeamMemberPage } from './components/TeamMemberPage';
