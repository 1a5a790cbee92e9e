import { useParams } from 'react-router';
import { StatementPage } from '@web/features/fan/pies';

export function Component() {
  const { periodId = '' } = useParams();
  return <StatementPage key={periodId} periodId={periodId} />;
}
