import { PiePage } from '../../features/fan/pies';

export function Component() {
  return <PiePage />;
}
