import { EarthPage } from '@web/features/fan/listening/components/EarthPage';
import { WithFan } from './with-fan';

/** `/earth` (lazy route module, behind the fan session; the map itself is a further lazy chunk). */
export function Component() {
  return <WithFan>{() => <EarthPage />}</WithFan>;
}
