import { useParams } from 'react-router';
import { FanProfilePage } from '../../features/fan/profile';

export function Component() {
  const { userID } = useParams();
  return <FanProfilePage key={userID} />;
}
