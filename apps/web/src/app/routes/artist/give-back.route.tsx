import { GiveBackPage } from '../../../features/artist/give-back';

export function Component() {
  return <GiveBackPage />;
}
