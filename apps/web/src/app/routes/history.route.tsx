import { HistoryPage } from '../../features/fan/history';

export function Component() {
  return <HistoryPage />;
}
