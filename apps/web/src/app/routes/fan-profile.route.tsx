import { useParams } from 'react-router';
import { FanProfilePage } from '@web/features/fan/listening/components/FanProfilePage';
import { WithFan } from './with-fan';

/** `/user/:userID` (lazy route module, behind the fan session). */
export function Component() {
  const { userID = '' } = useParams();
  return <WithFan>{() => <FanProfilePage key={userID} userId={userID} />}</WithFan>;
}
