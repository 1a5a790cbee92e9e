import { RecordNotFoundPage } from '../../../../shared/ui';

/** /admin/offices/:id: one office. */
export function OfficePage({ id }: { id: string }) {
  return <RecordNotFoundPage kind="Office" list={{ to: '/admin/offices', label: 'Offices' }} id={id} />;
}
