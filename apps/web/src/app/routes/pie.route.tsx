import { PiePage } from '../../features/fan/pies';

/** /pie: the fan's pie, and its create modal (the checkout round trip) while none is running. */
export function Component() {
  return <PiePage />;
}
