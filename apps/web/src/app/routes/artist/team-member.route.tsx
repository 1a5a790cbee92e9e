import { useParams } from 'react-router';
import { TeamMemberPage } from '../../../features/artist/team';

export function Component() {
  const { memberId } = useParams();
  return <TeamMemberPage key={memberId} />;
}
