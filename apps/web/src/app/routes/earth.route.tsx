import { EarthPage } from '../../features/fan/earth';

export function Component() {
  return <EarthPage />;
}
