import { useParams } from 'react-router';
import { FundsItemNotFound } from '../../../features/artist/funds';

export function Component() {
  const { id } = useParams();
  return <FundsItemNotFound key={id} kind="transaction" />;
}
