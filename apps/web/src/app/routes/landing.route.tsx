import { useSelector } from 'react-redux';
import { LandingPage } from '@web/features/fan/landing/components/LandingPage';
import { selectSessionStatus } from '@web/shared/session';

export function Component() {
  return <LandingPage signedIn={useSelector(selectSessionStatus) === 'authenticated'} />;
}
