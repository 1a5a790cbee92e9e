import { EarthPage } from '../components/EarthPage';
import { WithFan } from './WithFan';

/** `/earth` (lazy route module, behind the fan session; the map itself is a further lazy chunk). */
export function Component() {
  return <WithFan>{() => <EarthPage />}</WithFan>;
}
