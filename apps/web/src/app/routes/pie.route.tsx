import { PiePage } from '@web/features/fan/pies';
import { WithFan } from './with-fan';

/** /pie: the fan's pie, and its create modal (the checkout round trip) or the free pie while none is running. */
export function Component() {
  return <WithFan>{(user) => <PiePage fan={user} />}</WithFan>;
}
