import { HistoryPage } from '../components/HistoryPage';
import { WithFan } from './WithFan';

/** `/history` (lazy route module, behind the fan session). */
export function Component() {
  return <WithFan>{() => <HistoryPage />}</WithFan>;
}
