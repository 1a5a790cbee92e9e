import { ReportPage } from '@web/features/fan/listening/components/ReportPage';
import { WithFan } from './with-fan';

/** `/report` (lazy route module, behind the fan session). */
export function Component() {
  return <WithFan>{() => <ReportPage />}</WithFan>;
}
