import { HistoryPage } from '@web/features/fan/listening/components/HistoryPage';
import { WithFan } from './with-fan';

/** `/history` (lazy route module, behind the fan session). */
export function Component() {
  return <WithFan>{() => <HistoryPage />}</WithFan>;
}
