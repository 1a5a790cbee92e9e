import { useParams } from 'react-router';
import { FanProfilePage } from '../components/FanProfilePage';
import { WithFan } from './WithFan';

/** `/user/:userID` (lazy route module, behind the fan session). */
export function Component() {
  const { userID = '' } = useParams();
  return <WithFan>{() => <FanProfilePage key={userID} userId={userID} />}</WithFan>;
}
