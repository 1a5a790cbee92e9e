import { ReportPage } from '../../features/fan/report';

export function Component() {
  return <ReportPage />;
}
