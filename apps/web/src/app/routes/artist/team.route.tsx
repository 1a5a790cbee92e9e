import { TeamPage } from '../../../features/artist/team';

export function Component() {
  return <TeamPage />;
}
