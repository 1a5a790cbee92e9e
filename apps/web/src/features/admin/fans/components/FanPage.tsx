import { RecordNotFoundPage } from '../../../../shared/ui';

/** /admin/fans/:id: one fan. */
export function FanPage({ id }: { id: string }) {
  return <RecordNotFoundPage kind="Fan" list={{ to: '/admin/fans', label: 'Fans' }} id={id} />;
}
