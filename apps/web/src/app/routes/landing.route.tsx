import { LandingPage } from '../../features/fan/landing/components/LandingPage';

export function Component() {
  return <LandingPage />;
}
