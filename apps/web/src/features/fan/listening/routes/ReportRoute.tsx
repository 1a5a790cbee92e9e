import { ReportPage } from '../components/ReportPage';
import { WithFan } from './WithFan';

/** `/report` (lazy route module, behind the fan session). */
export function Component() {
  return <WithFan>{() => <ReportPage />}</WithFan>;
}
