import { useParams } from 'react-router';
import { PublicPiePage } from '@web/features/public/pie';

export function Component() {
  const { pieId } = useParams();
  return <PublicPiePage key={pieId} />;
}
