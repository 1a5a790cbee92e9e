import { useSelector } from 'react-redux';
import { LandingPage } from '../../features/fan/landing/components/LandingPage';
import { selectSessionStatus } from '../../shared/session';

export function Component() {
  return <LandingPage signedIn={useSelector(selectSessionStatus) === 'authenticated'} />;
}
